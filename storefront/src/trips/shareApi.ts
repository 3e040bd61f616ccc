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
      providesTags: (_result, _error, id) => [{ type: 'Booking', id }],
    }),
    createShareLink: build.mutation<CreatedShareLink, string>({
      query: (id) => ({ url: sharePath(id), method: 'POST' }),
      rawResponseSchema: createdShareLinkSchema,
      invalidatesTags: (_result, _error, id) => [{ type: 'Booking', id }],
    }),
    revokeShareLink: build.mutation<{ success: boolean }, string>({
      query: (id) => ({ url: sharePath(id), method: 'DELETE' }),
      rawResponseSchema: z.object({ success: z.boolean() }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Booking', id }],
    }),
    /** The token goes in the body, never the URL: no log or proxy keeps it. */
    sharedTrip: build.query<SharedTrip, string>({
      query: (token) => ({ url: 'api/shared-trips/view', method: 'POST', body: { token } }),
      rawResponseSchema: sharedTripSchema,
    }),
  }),
});

export const { useShareStatusQuery, useCreateShareLinkMutation, useRevokeShareLinkMutation, useSharedTripQuery } =
  shareApi;
