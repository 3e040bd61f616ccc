import type { Upcaster, Upcasters } from '../../eventstore/event-parser.js';

/** An upcaster that gives a field its value for "not recorded" where the old shape has none. */
const absentAs =
  (field: string, value: unknown): Upcaster =>
  (data) => ({ [field]: value, ...(data as object) });

/**
 * The booking events' old shapes, each turned into the next version's (event-parser.ts). Version 2
 * of each: a field its first version did not have, null on events written before it.
 */
type Upcast =
  | 'BookingStarted'
  | 'OrderFailed'
  | 'CancellationRequested'
  | 'OrderCreated'
  | 'PaymentCaptured'
  | 'OrderCancelled'
  | 'RefundIssued'
  | 'PurchasePaymentCaptured';

export const bookingUpcasters: Upcasters<Upcast> = {
  // Bookings started before the itinerary was recorded.
  BookingStarted: [absentAs('itinerary', null)],
  // Failures recorded before the traveller was told a code.
  OrderFailed: [absentAs('failureCode', null)],
  // Cancellations requested before quotes.
  CancellationRequested: [absentAs('quoteId', null)],
  // Issue 32: the money fields the revenue figures need, required since version 2. Version 1
  // events had them optional: present ones are kept, absent ones read as "not recorded".
  OrderCreated: [absentAs('providerTotal', null)],
  PaymentCaptured: [absentAs('fee', null)],
  OrderCancelled: [absentAs('providerRefund', null)],
  RefundIssued: [absentAs('fee', null)],
  PurchasePaymentCaptured: [absentAs('fee', null)],
};
