import { z } from 'zod';
import { dropRuleSchema, trackedSearchSchema } from './tracked-search.js';

/** `POST /api/price-tracking`'s answer: active at once when signed in, pending until the emailed link is followed. */
export const trackSearchAnswerSchema = z.object({
  trackingId: z.uuid(),
  status: z.enum(['active', 'pending']),
});
export type TrackSearchAnswer = z.infer<typeof trackSearchAnswerSchema>;

/** One check of a tracked search: the cheapest price then (minor units), null when nothing was on sale. */
export const priceCheckViewSchema = z.object({
  checkedAt: z.iso.datetime(),
  priceMinor: z.number().int().nullable(),
  currency: z.string().nullable(),
  departureDate: z.string().nullable(),
});
export type PriceCheckView = z.infer<typeof priceCheckViewSchema>;

/** A tracked search as My Trips lists it, with its price history, oldest check first. */
export const trackedSearchViewSchema = z.object({
  trackingId: z.uuid(),
  ...trackedSearchSchema.shape,
  drop: dropRuleSchema,
  status: z.enum(['pending', 'active']),
  startedAt: z.iso.datetime(),
  history: z.array(priceCheckViewSchema),
});
export type TrackedSearchView = z.infer<typeof trackedSearchViewSchema>;

/** `GET /api/price-tracking`: the signed-in traveller's tracked searches, newest first. */
export const trackedSearchListSchema = z.object({ trackedSearches: z.array(trackedSearchViewSchema) });
export type TrackedSearchList = z.infer<typeof trackedSearchListSchema>;

export const PRICE_TRACKING_MESSAGES = {
  notFound: 'Price alert not found',
  emailNeeded: 'Enter your email address, or sign in, to track this price',
  confirmSent: 'Check your inbox: follow the link we sent to start the price alert',
  tracking: 'We will email you when the price drops',
  stopped: 'Price alert stopped',
  unsubscribed: 'You will get no more emails about this price.',
  confirmed: 'Price alert confirmed: we will email you when the price drops.',
  tooManyConfirmations: 'Too many price alerts for this address today: confirm those we sent, or sign in',
} as const;

/** The results page of a tracked search on one departure day (a month's: the day its cheapest price flies). */
export function trackedSearchPath(
  search: Pick<TrackedSearchView, 'origin' | 'destination' | 'when' | 'cabinClass'> & {
    adultsCount: number;
    childrenCount: number;
    infantsCount: number;
  },
  departureDate: string | null,
): string {
  const day = departureDate ?? (search.when.kind === 'date' ? search.when.departureDate : `${search.when.month}-01`);
  const params = new URLSearchParams({
    origin: search.origin,
    destination: search.destination,
    departureDate: day,
    adults: String(search.adultsCount),
    children: String(search.childrenCount),
    infants: String(search.infantsCount),
    cabinClass: search.cabinClass,
    tripType: search.when.kind === 'date' && search.when.returnDate ? 'round-trip' : 'one-way',
  });
  if (search.when.kind === 'date' && search.when.returnDate) params.set('returnDate', search.when.returnDate);
  return `/search?${params.toString()}`;
}
