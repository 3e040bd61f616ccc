import type { TrackSearchRequest } from '@contrail/shared/price-tracking/tracked-search';
import {
  trackedSearchListSchema,
  trackSearchAnswerSchema,
  type TrackedSearchView,
  type TrackSearchAnswer,
} from '@contrail/shared/price-tracking/tracked-search-view';
import { api, baseQuery, parsedAnswer } from '../app/api';
import { withContext, type ApiError } from '../app/api-error';

/** Price alerts (issue 34): loaded with the Track prices form or My Trips' list, never with the results. */
export const priceTrackingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in traveller's tracked searches; none when nobody is signed in or the engine tracks no prices (404). */
    trackedSearches: build.query<TrackedSearchView[], void>({
      async queryFn(_arg, queryApi, extra) {
        const result = await baseQuery('api/price-tracking', queryApi, extra);
        if (result.error)
          return [401, 404].includes(Number(result.error.status)) ? { data: [] } : { error: result.error };
        const list = await parsedAnswer(trackedSearchListSchema, result.data);
        return 'error' in list ? list : { data: list.data.trackedSearches };
      },
    }),
    trackSearch: build.mutation<TrackSearchAnswer, TrackSearchRequest>({
      query: (body) => ({ url: 'api/price-tracking', method: 'POST', body }),
      rawResponseSchema: trackSearchAnswerSchema,
      transformErrorResponse: (error: ApiError) => withContext('Unable to track this price', error),
    }),
    stopTracking: build.mutation<null, string>({
      query: (id) => ({ url: `api/price-tracking/${encodeURIComponent(id)}/stop`, method: 'POST' }),
      transformErrorResponse: (error: ApiError) => withContext('Unable to stop the price alert', error),
    }),
  }),
});

export const { useTrackedSearchesQuery, useTrackSearchMutation, useStopTrackingMutation } = priceTrackingApi;
