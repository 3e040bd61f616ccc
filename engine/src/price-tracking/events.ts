import { dropRuleSchema, trackedSearchSchema } from '@contrail/shared/price-tracking/tracked-search';
import { z } from 'zod';
import { eventParser } from '../eventstore/event-parser.js';

/** One stream per tracking (one traveller's subscription to one search). */
export const TRACKING_STREAM_PREFIX = 'price-tracking-';
export const trackingStreamName = (trackingId: string) => `${TRACKING_STREAM_PREFIX}${trackingId}`;

const started = z.object({
  trackingId: z.string(),
  brandKey: z.string(),
  /** What is tracked, without who tracks it (the address lives in price_tracking_contacts, erasable). */
  search: trackedSearchSchema,
  /** Travellers tracking the same search (same brand) share it: one check serves them all. */
  searchKey: z.string(),
  drop: dropRuleSchema,
  /** A signed-in customer, or null when tracked by email (then confirmed first: double opt-in). */
  customerId: z.string().nullable(),
  confirmed: z.boolean(),
});
const confirmed = z.object({});
const checked = z.object({
  /** The check's slot (check-budget.ts `checkKey`): one check per search and slot. */
  checkKey: z.string(),
  /** The cheapest price found, in minor units of `currency`, as the traveller would pay it; null: nothing on sale. */
  cheapestMinor: z.number().int().nullable(),
  currency: z.string().nullable(),
  /** The day that price flies (a month's cheapest day; the date itself otherwise). */
  departureDate: z.string().nullable(),
  /** The baseline the drop was measured against (null before the first price). */
  baselineMinor: z.number().int().nullable(),
  /** The price fell by the traveller's rule: an email is owed for this check. */
  dropped: z.boolean(),
  /** Live searches this check cost the brand's budget (shared: only the first watcher's event counts it). */
  cost: z.number().int().min(0),
});
const stopped = z.object({ by: z.enum(['traveller', 'unsubscribe']) });

export type PriceTrackingEvent =
  | { type: 'PriceTrackingStarted'; data: z.infer<typeof started> }
  | { type: 'PriceTrackingConfirmed'; data: z.infer<typeof confirmed> }
  | { type: 'TrackedPriceChecked'; data: z.infer<typeof checked> }
  | { type: 'PriceTrackingStopped'; data: z.infer<typeof stopped> };

export type PriceTrackingEventOf<T extends PriceTrackingEvent['type']> = Extract<PriceTrackingEvent, { type: T }>;

export const PRICE_TRACKING_EVENT_TYPES: readonly PriceTrackingEvent['type'][] = [
  'PriceTrackingStarted',
  'PriceTrackingConfirmed',
  'TrackedPriceChecked',
  'PriceTrackingStopped',
];

export const parsePriceTrackingEvent = eventParser<PriceTrackingEvent>({
  PriceTrackingStarted: started,
  PriceTrackingConfirmed: confirmed,
  TrackedPriceChecked: checked,
  PriceTrackingStopped: stopped,
});
