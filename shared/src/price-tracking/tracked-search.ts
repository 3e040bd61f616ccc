import { z } from 'zod';
import { CABIN_CLASSES } from '../search/cabin.js';

/*
 * Price tracking (issue 34): a traveller asks to hear when a route's cheapest price drops, for a
 * date or for any day of a month, by an amount or a percentage. The contract of `POST
 * /api/price-tracking` and of the rules that decide when to check and when to write.
 */

const IATA = /^[A-Z]{3}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** What is tracked: one departure date (and return), or any departure day in a month. */
export const trackedWhenSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('date'),
    departureDate: z.string().regex(DATE, 'Departure date must be a date like 2026-12-31'),
    returnDate: z.string().regex(DATE, 'Return date must be a date like 2026-12-31').optional(),
  }),
  z.object({
    kind: z.literal('month'),
    month: z.string().regex(MONTH, 'Month must be like 2026-12'),
  }),
]);
export type TrackedWhen = z.infer<typeof trackedWhenSchema>;

/** What is tracked, without who tracks it: the route, when, the cabin and the passengers. */
export const trackedSearchSchema = z.object({
  origin: z.string(),
  destination: z.string(),
  when: trackedWhenSchema,
  cabinClass: z.enum(CABIN_CLASSES),
  adultsCount: z.number().int(),
  childrenCount: z.number().int(),
  infantsCount: z.number().int(),
});
export type TrackedSearch = z.infer<typeof trackedSearchSchema>;

export const DROP_RULE_LIMITS = { minPercent: 1, maxPercent: 90, minAmountMinor: 100 } as const;

/** When to write: the cheapest price fell by at least this much since the last email (or since tracking began). */
export const dropRuleSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('amount'),
    /** In the currency's minor units (cents): 2500 is $25.00. */
    amountMinor: z
      .number()
      .int('Amount must be whole cents')
      .min(DROP_RULE_LIMITS.minAmountMinor, 'Amount must be at least 1.00'),
  }),
  z.object({
    kind: z.literal('percent'),
    percent: z
      .number()
      .min(DROP_RULE_LIMITS.minPercent, `Percentage must be at least ${DROP_RULE_LIMITS.minPercent}`)
      .max(DROP_RULE_LIMITS.maxPercent, `Percentage must be at most ${DROP_RULE_LIMITS.maxPercent}`),
  }),
]);
export type DropRule = z.infer<typeof dropRuleSchema>;

/** `POST /api/price-tracking`: signed in, or with an email that must be confirmed before anything is sent. */
export const trackSearchRequestSchema = z.object({
  origin: z.string().trim().toUpperCase().regex(IATA, 'Origin must be a 3-letter airport code'),
  destination: z.string().trim().toUpperCase().regex(IATA, 'Destination must be a 3-letter airport code'),
  when: trackedWhenSchema,
  cabinClass: z.enum(CABIN_CLASSES),
  adultsCount: z.number().int().min(1).max(9),
  childrenCount: z.number().int().min(0).max(8).default(0),
  infantsCount: z.number().int().min(0).max(4).default(0),
  drop: dropRuleSchema,
  /** Needed when signed out; a confirmation email is sent first (double opt-in). */
  email: z.email('Enter a valid email address').optional(),
});
export type TrackSearchRequest = z.infer<typeof trackSearchRequestSchema>;
