import type { BookingRow, ViewStatus } from './row.js';

/** `booking_views` as stored (bookings/schema.ts creates it) and its mapping to BookingRow. */
export interface StoredBookingRow {
  booking_id: string;
  brand_key: string;
  customer_id: string | null;
  status: ViewStatus;
  pending_reason: BookingRow['pendingReason'];
  offer_id: string;
  provider_reference: string | null;
  reference: string | null;
  order_id: string | null;
  payment_id: string | null;
  payment_status: BookingRow['paymentStatus'];
  card_last4: string | null;
  amount: number;
  currency: string;
  cancellable: boolean;
  departs_at: Date | string | null;
  arrives_at: Date | string | null;
  failure: string | null;
  failure_code: BookingRow['failureCode'];
  confirmed_at: Date | string | null;
  itinerary: BookingRow['itinerary'] | string | null;
  passengers: BookingRow['passengers'] | string;
  seats: BookingRow['seats'] | string;
  /** Absent (undefined) only in rows read before migration 330. */
  bags?: BookingRow['bags'] | string;
  refund: BookingRow['refund'] | string | null;
  purchases: BookingRow['purchases'] | string | null;
  hold?: BookingRow['hold'] | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** Column order of inserts; the primary key first. */
export const BOOKING_ROW_COLUMNS = [
  'booking_id',
  'brand_key',
  'customer_id',
  'status',
  'offer_id',
  'provider_reference',
  'reference',
  'order_id',
  'payment_id',
  'payment_status',
  'card_last4',
  'amount',
  'currency',
  'cancellable',
  'departs_at',
  'arrives_at',
  'failure',
  'failure_code',
  'confirmed_at',
  'itinerary',
  'passengers',
  'seats',
  'refund',
  'pending_reason',
  'purchases',
  'hold',
  'created_at',
  'updated_at',
  'bags',
] as const satisfies ReadonlyArray<keyof StoredBookingRow>;

const instant = (value: Date | string) => new Date(value).toISOString();
const optionalInstant = (value: Date | string | null) => (value === null ? null : instant(value));
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export function toBookingRow(row: StoredBookingRow): BookingRow {
  return {
    bookingId: row.booking_id,
    brandKey: row.brand_key,
    customerId: row.customer_id,
    status: row.status,
    pendingReason: row.pending_reason,
    offerId: row.offer_id,
    providerReference: row.provider_reference,
    reference: row.reference,
    orderId: row.order_id,
    paymentId: row.payment_id,
    paymentStatus: row.payment_status,
    cardLast4: row.card_last4,
    total: { amount: Number(row.amount), currency: row.currency },
    cancellable: row.cancellable,
    departsAt: optionalInstant(row.departs_at),
    arrivesAt: optionalInstant(row.arrives_at),
    failure: row.failure,
    failureCode: row.failure_code,
    confirmedAt: optionalInstant(row.confirmed_at),
    itinerary: row.itinerary === null ? null : json(row.itinerary),
    passengers: json(row.passengers),
    seats: json(row.seats),
    bags: row.bags === undefined ? [] : json(row.bags),
    refund: row.refund === null ? null : json(row.refund),
    purchases: row.purchases === null ? [] : json(row.purchases),
    hold: row.hold === null || row.hold === undefined ? null : json(row.hold),
    createdAt: instant(row.created_at),
    updatedAt: instant(row.updated_at),
  };
}

/** The insert's parameters, in BOOKING_ROW_COLUMNS order. */
export function rowParams(row: BookingRow): unknown[] {
  return [
    row.bookingId,
    row.brandKey,
    row.customerId,
    row.status,
    row.offerId,
    row.providerReference,
    row.reference,
    row.orderId,
    row.paymentId,
    row.paymentStatus,
    row.cardLast4,
    row.total.amount,
    row.total.currency,
    row.cancellable,
    row.departsAt,
    row.arrivesAt,
    row.failure,
    row.failureCode,
    row.confirmedAt,
    row.itinerary === null ? null : JSON.stringify(row.itinerary),
    JSON.stringify(row.passengers),
    JSON.stringify(row.seats),
    row.refund === null ? null : JSON.stringify(row.refund),
    row.pendingReason,
    JSON.stringify(row.purchases),
    row.hold === null ? null : JSON.stringify(row.hold),
    row.createdAt,
    row.updatedAt,
    JSON.stringify(row.bags),
  ];
}
