import { overdueRefundsSchema, type OverdueRefund } from '@contrail/shared/booking/refund-progress';
import { api } from '../app/api';

/** GET /api/admin/refunds/overdue (issue #36): the airline paid over 7 days ago, the traveller not yet. */
export const overdueRefundsApi = api.injectEndpoints({
  endpoints: (build) => ({
    overdueRefunds: build.query<{ refunds: OverdueRefund[] }, void>({
      query: () => 'api/admin/refunds/overdue',
      rawResponseSchema: overdueRefundsSchema,
      providesTags: ['Bookings'],
    }),
  }),
});

export const { useOverdueRefundsQuery } = overdueRefundsApi;
