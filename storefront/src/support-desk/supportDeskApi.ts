import { bookingHistorySchema, type BookingHistory } from '@contrail/shared/admin/operations';
import {
  accessLogSchema,
  deskTimelineSchema,
  type AccessLog,
  type DeskTimeline,
} from '@contrail/shared/support-desk/contracts';
import { api } from '../app/api';

const bookingPath = (id: string) => `api/admin/bookings/${encodeURIComponent(id)}`;

/** The support desk: personal data revealed for a reason, and the staff work kept on a booking. */
export const supportDeskApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The booking's history with its travellers' data; the engine records who asked and why. */
    revealPersonalData: build.mutation<BookingHistory, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `${bookingPath(id)}/reveal`, method: 'POST', body: { reason } }),
      rawResponseSchema: bookingHistorySchema,
      // The reveal is now on the booking's desk timeline.
      invalidatesTags: ['Booking'],
    }),
    deskTimeline: build.query<DeskTimeline, string>({
      query: (id) => `${bookingPath(id)}/desk`,
      rawResponseSchema: deskTimelineSchema,
      providesTags: ['Booking'],
    }),
    addInternalNote: build.mutation<DeskTimeline, { id: string; text: string }>({
      query: ({ id, text }) => ({ url: `${bookingPath(id)}/notes`, method: 'POST', body: { text } }),
      rawResponseSchema: deskTimelineSchema,
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(supportDeskApi.util.updateQueryData('deskTimeline', id, () => data));
        } catch {
          // The form shows the error itself.
        }
      },
    }),
    /** The newest reveals, platform admins only. */
    accessLog: build.query<AccessLog, void>({
      query: () => 'api/admin/access-log',
      rawResponseSchema: accessLogSchema,
      providesTags: ['Booking'],
    }),
  }),
});

/** The whole log as a CSV download (the browser sends the session cookie with the link). */
export const ACCESS_LOG_CSV_URL = '/api/admin/access-log.csv?limit=1000';

export const { useRevealPersonalDataMutation, useDeskTimelineQuery, useAddInternalNoteMutation, useAccessLogQuery } =
  supportDeskApi;
