import { z } from 'zod';
import { BOOKING_STATUSES } from './status.js';
import { bookingSliceSchema } from './view.js';

/**
 * Issue 36: a read-only share link for co-travellers. The token travels in the URL's fragment
 * (`/shared-trip#<token>`): browsers never send a fragment to the server nor in a Referer, so it
 * stays out of access logs and other sites; the page posts it in a request body to read the trip.
 */
export const SHARED_TRIP_PATH = '/shared-trip';
export const sharedTripPathOf = (token: string) => `${SHARED_TRIP_PATH}#${token}`;

/** `<booking id>.<secret>`: the id selects the booking, the secret (256 random bits) proves the link. */
export const shareTokenSchema = z
  .string()
  .max(200)
  .regex(/^[\w-]{1,100}\.[\w-]{43}$/);

/** `POST /api/bookings/:id/share`: the new link, shown once (only its hash is kept). */
export const createdShareLinkSchema = z.object({ token: shareTokenSchema, path: z.string() });
export type CreatedShareLink = z.infer<typeof createdShareLinkSchema>;

/** `GET /api/bookings/:id/share`: whether a link is live (never the link itself). */
export const shareLinkStatusSchema = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type ShareLinkStatus = z.infer<typeof shareLinkStatusSchema>;

/** `POST /api/shared-trips/view` body. */
export const sharedTripRequestSchema = z.object({ token: z.string().max(200) });

/** What anyone with the link sees: the trip and the travellers' names, nothing else. */
export const sharedTripSchema = z.object({
  reference: z.string().nullable(),
  status: z.enum(BOOKING_STATUSES),
  slices: z.array(bookingSliceSchema),
  passengers: z.array(z.object({ given_name: z.string(), family_name: z.string() })),
});
export type SharedTrip = z.infer<typeof sharedTripSchema>;

export const SHARE_TEXT = {
  heading: 'Share with co-travellers',
  explain: 'Anyone with the link sees the flights, booking reference, status and travellers’ names. Nothing else.',
  create: 'Create share link',
  createNew: 'Create a new link',
  revoke: 'Revoke link',
  active: 'A share link is active.',
  shownOnce: 'Copy it now: it is shown only once.',
  copy: 'Copy link',
  copied: 'Link copied',
  revoked: 'The link was revoked.',
  pageTitle: 'Shared trip',
  inactive: 'This link is no longer active',
  inactiveHelp: 'The traveller who shared this trip has revoked the link, or it was never valid.',
} as const;
