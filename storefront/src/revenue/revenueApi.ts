import { revenueReportSchema, type RevenueGranularity, type RevenueReport } from '@contrail/shared/admin/revenue';
import { api } from '../app/api';

export interface RevenueRequest {
  from: string;
  to: string;
  brand?: string;
  granularity: RevenueGranularity;
}

/** GET /api/admin/revenue: the agency's money per brand and period (admins: the brands they may see). */
export const revenueApi = api.injectEndpoints({
  endpoints: (build) => ({
    revenue: build.query<RevenueReport, RevenueRequest>({
      query: ({ brand, ...range }) => ({ url: 'api/admin/revenue', params: { ...range, ...(brand && { brand }) } }),
      rawResponseSchema: revenueReportSchema,
    }),
  }),
});

export const { useRevenueQuery } = revenueApi;
