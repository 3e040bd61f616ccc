import type { AdminBrand, BrandChange } from '@contrail/shared/admin/brands';
import type { AdminSettings, UpdateAdminSettings } from '@contrail/shared/admin/settings';
import { api } from '../app/api';

/** What POST /api/admin/login and POST /api/admin/settings answer besides the settings (seed 001 §7). */
export interface AdminAnswer {
  success: boolean;
  message: string;
}

/** A brand as the manager sends it: every field but the bookkeeping ones; `key` only on create. */
export type BrandInput = Omit<AdminBrand, 'disabled' | 'version' | 'createdAt' | 'updatedAt'>;

/** Seed 001 §7 admin calls and the brand management API of issue 11. */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminSettings: build.query<AdminSettings, void>({
      query: () => 'api/admin/settings',
      providesTags: ['AdminSettings'],
    }),
    updateAdminSettings: build.mutation<AdminAnswer & AdminSettings, UpdateAdminSettings>({
      query: (body) => ({ url: 'api/admin/settings', method: 'POST', body }),
      // The settings carry the test/live switch: the booking pages' mode must follow it.
      invalidatesTags: ['SystemMode'],
    }),
    adminLogin: build.mutation<AdminAnswer, void>({
      query: () => ({ url: 'api/admin/login', method: 'POST', body: {} }),
    }),
    brands: build.query<AdminBrand[], void>({
      query: () => 'api/admin/brands',
      transformResponse: (body: { brands: AdminBrand[] }) => body.brands,
      providesTags: ['Brands'],
    }),
    brandHistory: build.query<BrandChange[], string>({
      query: (key) => `api/admin/brands/${encodeURIComponent(key)}/history`,
      transformResponse: (body: { changes: BrandChange[] }) => body.changes,
      providesTags: ['Brands'],
    }),
    createBrand: build.mutation<AdminBrand, BrandInput>({
      query: (body) => ({ url: 'api/admin/brands', method: 'POST', body }),
      invalidatesTags: ['Brands'],
    }),
    updateBrand: build.mutation<AdminBrand, BrandInput>({
      query: ({ key, ...fields }) => ({
        url: `api/admin/brands/${encodeURIComponent(key)}`,
        method: 'PATCH',
        body: fields,
      }),
      invalidatesTags: ['Brands'],
    }),
    setBrandDisabled: build.mutation<AdminBrand, { key: string; disabled: boolean }>({
      query: ({ key, disabled }) => ({
        url: `api/admin/brands/${encodeURIComponent(key)}/${disabled ? 'disable' : 'enable'}`,
        method: 'POST',
      }),
      invalidatesTags: ['Brands'],
    }),
  }),
});

export const {
  useAdminSettingsQuery,
  useUpdateAdminSettingsMutation,
  useAdminLoginMutation,
  useBrandsQuery,
  useBrandHistoryQuery,
  useCreateBrandMutation,
  useUpdateBrandMutation,
  useSetBrandDisabledMutation,
} = adminApi;
