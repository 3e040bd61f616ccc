import {
  createdShareLinkSchema,
  sharedTripSchema,
  shareLinkStatusSchema,
  type CreatedShareLink,
  type SharedTrip,
  type ShareLinkStatus,
} from '@contrail/shared/booking/trip-share';
import { z } from 'zod';
import { api } from '../app/api';

const sharePath = (bookingId: string) => `api/bookings/${encodeURIComponent(bookingId)}/share`;

/** Issue 36: a trip's read-only share link (the owner's controls), and the shared trip itself. */
export const shareApi = api.injectEndpoints({
  endpoints: (build) => ({
    shareStatus: build.query<ShareLinkStatus, string>({
      query: sharePath,
      rawResponseSchema: shareLinkStatusSchema,
    }),
    createShareLink: build.mutation<CreatedShareLink, string>({
      query: (id) => ({ url: sharePath(id), method: 'POST' }),
      rawResponseSchema: createdShareLinkSchema,
      onQueryStarted: (id, { dispatch, queryFulfilled }) =>
        queryFulfilled.then(
          () => void dispatch(setStatus(id, { active: true, createdAt: new Date().toISOString() })),
          () => undefined,
        ),
    }),
    revokeShareLink: build.mutation<{ success: boolean }, string>({
      query: (id) => ({ url: sharePath(id), method: 'DELETE' }),
      rawResponseSchema: z.object({ success: z.boolean() }),
      onQueryStarted: (id, { dispatch, queryFulfilled }) =>
        queryFulfilled.then(
          () => void dispatch(setStatus(id, { active: false, createdAt: null })),
          () => undefined,
        ),
    }),
    /** The token goes in the body, never the URL: no log or proxy keeps it. */
    sharedTrip: build.query<SharedTrip, string>({
      query: (token) => ({ url: 'api/shared-trips/view', method: 'POST', body: { token } }),
      rawResponseSchema: sharedTripSchema,
    }),
  }),
});

/** The owner's answer is the new status: set it at once, no refetch of the trip. */
function setStatus(id: string, status: ShareLinkStatus) {
  return shareApi.util.upsertQueryData('shareStatus', id, status);
}

export const { useShareStatusQuery, useCreateShareLinkMutation, useRevokeShareLinkMutation, useSharedTripQuery } =
  shareApi;
