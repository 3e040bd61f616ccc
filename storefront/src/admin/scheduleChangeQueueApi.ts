import { cancelResponseSchema, type CancelResponse } from '@contrail/shared/booking/refund';
import { scheduleChangeListSchema, type ScheduleChangeList } from '@contrail/shared/booking/schedule-change';
import {
  staffScheduleChangePath,
  type ScheduleChangeAnswer,
} from '@contrail/shared/support-desk/schedule-change-answer';
import { api } from '../app/api';

/** GET /api/admin/schedule-changes: the changes no traveller has answered yet (issue #36), and support's answer for them. */
export const scheduleChangeQueueApi = api.injectEndpoints({
  endpoints: (build) => ({
    scheduleChangeQueue: build.query<ScheduleChangeList, void>({
      query: () => 'api/admin/schedule-changes',
      rawResponseSchema: scheduleChangeListSchema,
      providesTags: ['Bookings'],
    }),
    answerScheduleChange: build.mutation<
      CancelResponse,
      { bookingId: string; changeId: string; answer: ScheduleChangeAnswer; reason: string }
    >({
      query: ({ bookingId, changeId, answer, reason }) => ({
        url: staffScheduleChangePath(bookingId, changeId, answer),
        method: 'POST',
        body: { reason },
      }),
      rawResponseSchema: cancelResponseSchema,
      invalidatesTags: ['Booking', 'Bookings'],
    }),
  }),
});

export const { useScheduleChangeQueueQuery, useAnswerScheduleChangeMutation } = scheduleChangeQueueApi;
