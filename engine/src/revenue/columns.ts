import type { RevenueFigures } from '@contrail/shared/admin/revenue';

/** Each figure and the revenue_days column that holds it. */
export const FIGURE_COLUMNS = {
  bookings: 'bookings',
  travellers: 'travellers',
  grossSales: 'gross_sales',
  providerCost: 'provider_cost',
  markupMargin: 'markup_margin',
  cardFees: 'card_fees',
  refunds: 'refunds',
  providerRefunds: 'provider_refunds',
  feesKept: 'fees_kept',
  cancellations: 'cancellations',
  netMargin: 'net_margin',
  incompleteBookings: 'incomplete_bookings',
} as const satisfies Record<keyof RevenueFigures, string>;

export const FIGURES = Object.keys(FIGURE_COLUMNS) as (keyof RevenueFigures)[];
