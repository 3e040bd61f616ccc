import type { RevenueFigures } from './revenue.js';

/** The figures as the revenue page, the CLI table and the CSV name them, in the order they show them. */
export const REVENUE_COLUMNS: readonly { field: keyof RevenueFigures; label: string; csv: string; money: boolean }[] = [
  { field: 'bookings', label: 'Bookings', csv: 'bookings', money: false },
  { field: 'travellers', label: 'Travellers', csv: 'travellers', money: false },
  { field: 'grossSales', label: 'Gross sales', csv: 'gross_sales', money: true },
  { field: 'providerCost', label: 'Provider cost', csv: 'provider_cost', money: true },
  { field: 'markupMargin', label: 'Markup margin', csv: 'markup_margin', money: true },
  { field: 'cardFees', label: 'Card fees', csv: 'card_fees', money: true },
  { field: 'refunds', label: 'Refunds', csv: 'refunds', money: true },
  { field: 'providerRefunds', label: 'Airline refunds', csv: 'provider_refunds', money: true },
  { field: 'feesKept', label: 'Fees kept', csv: 'fees_kept', money: true },
  { field: 'cancellations', label: 'Cancellations', csv: 'cancellations', money: false },
  { field: 'netMargin', label: 'Net margin', csv: 'net_margin', money: true },
  { field: 'incompleteBookings', label: 'Incomplete', csv: 'incomplete_bookings', money: false },
];
