import { z } from 'zod';

/**
 * The agency's money per brand (GET /api/admin/revenue, the admin Revenue page, `contrail
 * revenue`). Amounts are integers in minor units of `currency`; days are UTC calendar days.
 */
export const REVENUE_GRANULARITIES = ['day', 'week', 'month'] as const;
export type RevenueGranularity = (typeof REVENUE_GRANULARITIES)[number];

/** The longest period one request may ask for: a few years of days stays a small answer. */
export const REVENUE_MAX_DAYS = 3 * 366;

const day = z.iso.date({ message: 'Use a date like 2026-01-31' });

export const revenueQuerySchema = z
  .object({
    from: day,
    to: day,
    brand: z.string().trim().min(1).max(253).optional(),
    granularity: z.enum(REVENUE_GRANULARITIES).default('day'),
  })
  .refine((query) => query.from <= query.to, { message: '`from` must be on or before `to`', path: ['from'] })
  .refine((query) => daysBetween(query.from, query.to) < REVENUE_MAX_DAYS, {
    message: `Ask for at most ${REVENUE_MAX_DAYS} days`,
    path: ['to'],
  });
export type RevenueQuery = z.infer<typeof revenueQuerySchema>;

/** Whole days from `from` to `to` (ISO dates). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The sums of one period, brand and currency: what the money did, as the events recorded it. */
export const revenueFiguresSchema = z.object({
  /** Bookings whose payment was captured, and their travellers. */
  bookings: z.number().int(),
  travellers: z.number().int(),
  /** Captured from travellers. */
  grossSales: z.number().int(),
  /** What the airline orders cost (their totals). */
  providerCost: z.number().int(),
  /** grossSales - providerCost. */
  markupMargin: z.number().int(),
  /** The payment provider's fees on captures and refunds. */
  cardFees: z.number().int(),
  /** Refunded to travellers. */
  refunds: z.number().int(),
  /** What the airlines gave back on cancelled orders. */
  providerRefunds: z.number().int(),
  /** Captured minus refunded, on the bookings cancelled in the period. */
  feesKept: z.number().int(),
  cancellations: z.number().int(),
  /** grossSales - refunds - providerCost + providerRefunds - cardFees. */
  netMargin: z.number().int(),
  /** Bookings captured without a recorded provider total or card fee (recorded before those were). */
  incompleteBookings: z.number().int(),
});
export type RevenueFigures = z.infer<typeof revenueFiguresSchema>;

export const revenuePeriodSchema = revenueFiguresSchema.extend({
  /** The period's first day (a Monday for weeks, the 1st for months). */
  period: z.string(),
  brandKey: z.string(),
  currency: z.string(),
});
export type RevenuePeriod = z.infer<typeof revenuePeriodSchema>;

export const revenueRankedSchema = z.object({
  /** "JFK-LHR" for a route, an IATA code for a carrier, a rule id ("default") for a pricing rule. */
  key: z.string(),
  currency: z.string(),
  bookings: z.number().int(),
  grossSales: z.number().int(),
  /** The airline orders' totals of those bookings, and grossSales - providerCost. */
  providerCost: z.number().int(),
  markupMargin: z.number().int(),
  /** A pricing rule's brand (rules are per brand); absent on routes and carriers. */
  brandKey: z.string().optional(),
});
export type RevenueRanked = z.infer<typeof revenueRankedSchema>;

export const revenueTotalSchema = revenueFiguresSchema.extend({
  currency: z.string(),
  /** cancellations / bookings, 0 to 1 (0 without bookings). */
  cancellationRate: z.number(),
  /** grossSales / bookings in minor units, rounded (0 without bookings). */
  averageBookingValue: z.number().int(),
});
export type RevenueTotal = z.infer<typeof revenueTotalSchema>;

export const revenueReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  granularity: z.enum(REVENUE_GRANULARITIES),
  /** The brands the figures cover (every brand the reader may see, or the one asked for). */
  brands: z.array(z.string()),
  periods: z.array(revenuePeriodSchema),
  /** One per currency over the whole range and every brand asked for. */
  totals: z.array(revenueTotalSchema),
  topRoutes: z.array(revenueRankedSchema),
  topCarriers: z.array(revenueRankedSchema),
  /**
   * The sales per pricing rule, as each booking recorded the rule that priced it (a rule changed
   * later never reprices it); "unrecorded" for bookings from before rules. Largest margin first.
   */
  byRule: z.array(revenueRankedSchema),
});
export type RevenueReport = z.infer<typeof revenueReportSchema>;

/** How many routes and carriers a report ranks. */
export const REVENUE_TOP = 10;

export const ZERO_FIGURES: RevenueFigures = {
  bookings: 0,
  travellers: 0,
  grossSales: 0,
  providerCost: 0,
  markupMargin: 0,
  cardFees: 0,
  refunds: 0,
  providerRefunds: 0,
  feesKept: 0,
  cancellations: 0,
  netMargin: 0,
  incompleteBookings: 0,
};
