import { cancelResponseSchema, type CancelResponse } from '@contrail/shared/booking/refund';
import { scheduleChangeListSchema, type ScheduleChangeView } from '@contrail/shared/booking/schedule-change';
import { z } from 'zod';
import { api, baseQuery, parsedAnswer } from '../app/api';

const answeredSchema = z.object({ success: z.boolean(), message: z.string() });
type ChangeAnswer = { bookingId: string; changeId: string };
const changePath = ({ bookingId, changeId }: ChangeAnswer, action: 'accept' | 'cancel') =>
  `api/bookings/${encodeURIComponent(bookingId)}/schedule-changes/${encodeURIComponent(changeId)}/${action}`;

/** Airline schedule changes (issue #36): the traveller's, and their answer. None when nobody is signed in. */
export const scheduleChangesApi = api.injectEndpoints({
  endpoints: (build) => ({
    scheduleChanges: build.query<ScheduleChangeView[], void>({
      async queryFn(_arg, queryApi, extra) {
        const result = await baseQuery('api/schedule-changes', queryApi, extra);
        if (result.error) return result.error.status === 401 ? { data: [] } : { error: result.error };
        const list = await parsedAnswer(scheduleChangeListSchema, result.data);
        return 'error' in list ? list : { data: list.data.changes };
      },
      providesTags: ['Bookings'],
    }),
    acceptScheduleChange: build.mutation<z.infer<typeof answeredSchema>, ChangeAnswer>({
      query: (change) => ({ url: changePath(change, 'accept'), method: 'POST' }),
      rawResponseSchema: answeredSchema,
      invalidatesTags: (_result, _error, { bookingId }) => ['Bookings', { type: 'Booking', id: bookingId }],
    }),
    cancelForScheduleChange: build.mutation<CancelResponse, ChangeAnswer>({
      query: (change) => ({ url: changePath(change, 'cancel'), method: 'POST' }),
      rawResponseSchema: cancelResponseSchema,
      invalidatesTags: (_result, _error, { bookingId }) => ['Bookings', { type: 'Booking', id: bookingId }],
    }),
  }),
});

export const { useScheduleChangesQuery, useAcceptScheduleChangeMutation, useCancelForScheduleChangeMutation } =
  scheduleChangesApi;
