import { bookingHistorySchema, type BookingHistory } from '@contrail/shared/admin/operations';
import {
  lastReconciliationSchema,
  reconciliationRunSchema,
  type LastReconciliation,
  type ReconciliationReport,
  type ReconciliationRun,
} from '@contrail/shared/admin/reconciliation';
import { api } from '../app/api';

/** The support views of the booking engine: read one booking's history, reconcile (the search: support-desk/workspaceApi.ts). */
export const adminSupportApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Personal data sealed: the support desk reveals it for a reason (support-desk/RevealForm.tsx). */
    supportBookingHistory: build.query<BookingHistory, string>({
      query: (id) => `api/admin/bookings/${encodeURIComponent(id)}/history`,
      rawResponseSchema: bookingHistorySchema,
      providesTags: ['Booking'],
    }),
    /** The last reconciliation report (the engine runs one every 5 minutes); platform admins only. */
    reconciliation: build.query<ReconciliationReport | null, void>({
      query: () => 'api/admin/reconciliation',
      rawResponseSchema: lastReconciliationSchema,
      transformResponse: (answer: LastReconciliation) => answer.report,
    }),
    /** Reconciles now; `dryRun` only looks. The report becomes the last one shown. */
    runReconciliation: build.mutation<ReconciliationReport, { dryRun: boolean }>({
      query: ({ dryRun }) => ({ url: 'api/admin/reconciliation', method: 'POST', body: { dryRun } }),
      rawResponseSchema: reconciliationRunSchema,
      transformResponse: (answer: ReconciliationRun) => answer.report,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // A patch, not an upsert: an upsert is read as a raw answer, through `lastReconciliationSchema`.
          dispatch(adminSupportApi.util.updateQueryData('reconciliation', undefined, () => data));
        } catch {
          // The page shows the failed run's error itself.
        }
      },
    }),
  }),
});

export const { useSupportBookingHistoryQuery, useReconciliationQuery, useRunReconciliationMutation } = adminSupportApi;
