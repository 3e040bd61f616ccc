import type { BookingHistory } from '@contrail/shared/admin/operations';
import type { ReconciliationReport } from '@contrail/shared/admin/reconciliation';
import { api } from '../app/api';

/** One booking as GET /api/admin/bookings answers it (the trips view plus support fields). */
export interface SupportBooking {
  id: string;
  reference: string | null;
  status: string;
  createdAt: string;
  updatedAt: string;
  brandKey: string;
  paymentStatus: string | null;
  bookingData: {
    passengers: Array<{ id: string; type: string }>;
    total_amount: string;
    total_currency: string;
  };
}

/** The support views of the booking engine: find bookings, read one booking's history, reconcile. */
export const adminSupportApi = api.injectEndpoints({
  endpoints: (build) => ({
    supportBookings: build.query<SupportBooking[], string>({
      query: (reference) => ({ url: 'api/admin/bookings', params: { reference } }),
      providesTags: ['Bookings'],
    }),
    supportBookingHistory: build.query<BookingHistory, { id: string; reveal: boolean }>({
      query: ({ id, reveal }) => ({
        url: `api/admin/bookings/${encodeURIComponent(id)}/history`,
        params: reveal ? { reveal: 'true' } : {},
      }),
      providesTags: ['Booking'],
    }),
    /** The last reconciliation report (the engine runs one every 5 minutes); platform admins only. */
    reconciliation: build.query<ReconciliationReport | null, void>({
      query: () => 'api/admin/reconciliation',
      transformResponse: (answer: { report: ReconciliationReport | null }) => answer.report,
    }),
    /** Reconciles now; `dryRun` only looks. The report becomes the last one shown. */
    runReconciliation: build.mutation<ReconciliationReport, { dryRun: boolean }>({
      query: ({ dryRun }) => ({ url: 'api/admin/reconciliation', method: 'POST', body: { dryRun } }),
      transformResponse: (answer: { report: ReconciliationReport }) => answer.report,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          await dispatch(adminSupportApi.util.upsertQueryData('reconciliation', undefined, data));
        } catch {
          // The page shows the failed run's error itself.
        }
      },
    }),
  }),
});

export const {
  useLazySupportBookingsQuery,
  useSupportBookingHistoryQuery,
  useReconciliationQuery,
  useRunReconciliationMutation,
} = adminSupportApi;
