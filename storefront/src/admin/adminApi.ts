import {
  adminBrandSchema,
  brandHistorySchema,
  brandListSchema,
  type AdminBrand,
  type BrandChange,
  type BrandHistory,
  type BrandList,
} from '@contrail/shared/admin/brands';
import type { SetPricingInput } from '@contrail/shared/pricing/pricing-schema';
import {
  adminAnswerSchema,
  adminSettingsSchema,
  modeHistorySchema,
  updatedSettingsSchema,
  type AdminAnswer,
  type AdminSettings,
  type ModeChange,
  type ModeHistory,
  type UpdateAdminSettings,
  type UpdatedSettings,
} from '@contrail/shared/admin/settings';
import { api } from '../app/api';

/** A brand as the manager sends it: every field but the bookkeeping ones and the pricing (changed apart, with a reason); `key` only on create. */
export type BrandInput = Omit<AdminBrand, 'disabled' | 'version' | 'createdAt' | 'updatedAt' | 'pricing'>;

/** Seed 001 §7 admin calls and the brand management API of issue 11. */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminSettings: build.query<AdminSettings, void>({
      query: () => 'api/admin/settings',
      rawResponseSchema: adminSettingsSchema,
      providesTags: ['AdminSettings'],
    }),
    modeHistory: build.query<ModeChange[], void>({
      query: () => 'api/admin/settings/history',
      rawResponseSchema: modeHistorySchema,
      transformResponse: (body: ModeHistory) => body.changes,
      providesTags: ['AdminSettings'],
    }),
    updateAdminSettings: build.mutation<UpdatedSettings, UpdateAdminSettings>({
      query: (body) => ({ url: 'api/admin/settings', method: 'POST', body }),
      rawResponseSchema: updatedSettingsSchema,
      // The settings carry the test/live switch: the booking pages' mode must follow it.
      invalidatesTags: ['SystemMode'],
    }),
    adminLogin: build.mutation<AdminAnswer, void>({
      query: () => ({ url: 'api/admin/login', method: 'POST', body: {} }),
      rawResponseSchema: adminAnswerSchema,
    }),
    brands: build.query<AdminBrand[], void>({
      query: () => 'api/admin/brands',
      rawResponseSchema: brandListSchema,
      transformResponse: (body: BrandList) => body.brands,
      providesTags: ['Brands'],
    }),
    brandHistory: build.query<BrandChange[], string>({
      query: (key) => `api/admin/brands/${encodeURIComponent(key)}/history`,
      rawResponseSchema: brandHistorySchema,
      transformResponse: (body: BrandHistory) => body.changes,
      providesTags: ['Brands'],
    }),
    createBrand: build.mutation<AdminBrand, BrandInput>({
      query: (body) => ({ url: 'api/admin/brands', method: 'POST', body }),
      rawResponseSchema: adminBrandSchema,
      invalidatesTags: ['Brands'],
    }),
    updateBrand: build.mutation<AdminBrand, BrandInput>({
      query: ({ key, ...fields }) => ({
        url: `api/admin/brands/${encodeURIComponent(key)}`,
        method: 'PATCH',
        body: fields,
      }),
      rawResponseSchema: adminBrandSchema,
      invalidatesTags: ['Brands'],
    }),
    setBrandPricing: build.mutation<AdminBrand, { key: string } & SetPricingInput>({
      query: ({ key, ...body }) => ({
        url: `api/admin/brands/${encodeURIComponent(key)}/pricing`,
        method: 'PUT',
        body,
      }),
      rawResponseSchema: adminBrandSchema,
      invalidatesTags: ['Brands'],
    }),
    setBrandDisabled: build.mutation<AdminBrand, { key: string; disabled: boolean }>({
      query: ({ key, disabled }) => ({
        url: `api/admin/brands/${encodeURIComponent(key)}/${disabled ? 'disable' : 'enable'}`,
        method: 'POST',
      }),
      rawResponseSchema: adminBrandSchema,
      invalidatesTags: ['Brands'],
    }),
  }),
});

export const {
  useAdminSettingsQuery,
  useModeHistoryQuery,
  useUpdateAdminSettingsMutation,
  useAdminLoginMutation,
  useBrandsQuery,
  useBrandHistoryQuery,
  useCreateBrandMutation,
  useUpdateBrandMutation,
  useSetBrandDisabledMutation,
  useSetBrandPricingMutation,
} = adminApi;
