import { scheduleChangeListSchema, type ScheduleChangeList } from '@contrail/shared/booking/schedule-change';
import { api } from '../app/api';

/** GET /api/admin/schedule-changes: the changes no traveller has answered yet (issue #36). */
export const scheduleChangeQueueApi = api.injectEndpoints({
  endpoints: (build) => ({
    scheduleChangeQueue: build.query<ScheduleChangeList, void>({
      query: () => 'api/admin/schedule-changes',
      rawResponseSchema: scheduleChangeListSchema,
      providesTags: ['Bookings'],
    }),
  }),
});

export const { useScheduleChangeQueueQuery } = scheduleChangeQueueApi;
