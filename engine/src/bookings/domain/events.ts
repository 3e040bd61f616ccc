import { BOOKING_FAILURE_CODES } from '@contrail/shared/booking/failure';
import { z } from 'zod';
import { eventParser } from '../../eventstore/event-parser.js';
import { bookingUpcasters } from './booking-upcasters.js';
import { itinerarySchema } from './itinerary.js';
import { purchaseEventSchemas } from './purchase-events.js';
import { seatRecordSchema } from './seat-record.js';
import { moneySchema } from '@contrail/shared/booking/money-schema';
import { priceChangeEventSchemas } from './decisions/price-change-events.js';
import { scheduleChangeEventSchemas } from './schedule-change-events.js';
import { staffActingSchema } from './staff-acting.js';
import { holdEventSchemas } from './decisions/hold-events.js';

/**
 * The events of a booking stream (`booking-<id>`), DESIGN §3, each with the zod schema it is read
 * with. Events never carry a card number (only its last four digits) nor personal data in clear
 * (passengers' data is sealed, see pii/). Times are ISO-8601 instants.
 */
const at = z.string();

export const sealedPiiSchema = z.object({ keyId: z.string(), iv: z.string(), tag: z.string(), data: z.string() });

export const passengerRecordSchema = z.object({
  /** Stable within the booking (the offer's passenger id when the provider gives one). */
  passengerId: z.string(),
  type: z.enum(['adult', 'child', 'infant_without_seat']),
  pii: sealedPiiSchema,
});
export type PassengerRecord = z.infer<typeof passengerRecordSchema>;

export { seatRecordSchema, type SeatRecord } from './seat-record.js';

/** Bags bought with the booking (issue 35): one of the offer's bag services, how many, and their price. */
export const bagRecordSchema = z.object({
  serviceId: z.string(),
  kind: z.enum(['checked', 'carry_on']),
  passengerIds: z.array(z.string()),
  segmentIds: z.array(z.string()),
  quantity: z.number().int().min(1),
  /** The airline's price for the quantity (bags carry no markup, as seats do not). */
  price: moneySchema,
});
export type BagRecord = z.infer<typeof bagRecordSchema>;

/**
 * How the engine priced a booking (issue 32): the brand's rule that matched and the provider's
 * amount it started from, so a booking never reprices when the rules change.
 */
export const pricingRecordSchema = z.object({ ruleId: z.string(), provider: moneySchema, margin: moneySchema });
export type PricingRecord = z.infer<typeof pricingRecordSchema>;

/** Set on the events a repair wrote (the reconciler, or a lookup after a lost answer): why. */
const repair = z.string().optional();

/** Who acted for the traveller, and why (issue #31). */
export { staffActingSchema, type StaffActing } from './staff-acting.js';
const staff = staffActingSchema.optional();

export const bookingEventSchemas = {
  BookingStarted: z.object({
    bookingId: z.string(),
    brandKey: z.string(),
    offerId: z.string(),
    /** The account the booking belongs to, when known. */
    customerId: z.string().nullable(),
    /** The customer price of the offer (the brand's pricing applied), without seats. */
    price: moneySchema,
    /** Absent on bookings from before pricing rules. */
    pricing: pricingRecordSchema.optional(),
    offerExpiresAt: z.string(),
    passportRequired: z.boolean(),
    /** The fare conditions allow cancellation before departure. */
    cancellable: z.boolean(),
    departsAt: z.string().nullable(),
    arrivesAt: z.string().nullable(),
    /** What was booked (flights, fare conditions, supplied price): no personal data; null on bookings from before it was recorded. */
    itinerary: itinerarySchema.nullable(),
    at,
  }),
  OfferVerified: z.object({ offerId: z.string(), price: moneySchema, expiresAt: z.string(), at }),
  OfferExpired: z.object({ offerId: z.string(), reason: z.enum(['expired', 'unavailable']), at }),
  PassengersProvided: z.object({ passengers: z.array(passengerRecordSchema), at }),
  SeatsSelected: z.object({ seats: z.array(seatRecordSchema), at }),
  BagsSelected: z.object({ bags: z.array(bagRecordSchema), at }),
  PaymentAuthorized: z.object({ paymentId: z.string(), amount: moneySchema, cardLast4: z.string(), at }),
  PaymentDeclined: z.object({
    code: z.string(),
    declineCode: z.string().nullable(),
    message: z.string(),
    cardLast4: z.string().nullable(),
    at,
  }),
  /** `providerTotal`: what the airline order costs (null on events recorded before it was kept: version 1). */
  OrderCreated: z.object({
    orderId: z.string(),
    bookingReference: z.string(),
    providerTotal: moneySchema.nullable(),
    repair,
    at,
  }),
  /**
   * `code`: the provider's or the decider's own word; `failureCode`: what the traveller is told
   * (null on events recorded before it).
   */
  OrderFailed: z.object({
    reason: z.string(),
    code: z.string().nullable(),
    failureCode: z.enum(BOOKING_FAILURE_CODES).nullable(),
    /** On PRICE_CHANGED: the customer price of the offer at the airline's new total (brand markup applied, without seats), when known. */
    newPrice: moneySchema.optional(),
    at,
  }),
  /**
   * The provider answered neither the order nor a lookup, once the order job's fast retries were
   * spent, or again in a later round: the order is tried again at `retryAt` (never after the offer
   * expires; null once it has: the offer recheck and the reconciler settle the booking then).
   */
  OrderDelayed: z.object({ reason: z.string(), round: z.number().int().min(1), retryAt: z.string().nullable(), at }),
  /** `fee`: the payment provider's fee on the capture (null when it could not be read, or before it was kept: version 1). */
  PaymentCaptured: z.object({ paymentId: z.string(), amount: moneySchema, fee: moneySchema.nullable(), repair, at }),
  PaymentVoided: z.object({ paymentId: z.string(), reason: z.string(), at }),
  BookingConfirmed: z.object({ orderId: z.string(), bookingReference: z.string(), at }),
  /** An order the provider made for a booking that had failed meanwhile, cancelled so nobody flies unpaid. */
  StrayOrderCancelled: z.object({
    orderId: z.string(),
    bookingReference: z.string(),
    cancellationId: z.string(),
    reason: z.string(),
    at,
  }),
  /** The airline moved the flights: the trip departs and lands at these times now. */
  TripRescheduled: z.object({
    departsAt: z.string().nullable(),
    arrivesAt: z.string().nullable(),
    reason: z.string(),
    at,
  }),
  /**
   * What cancelling would refund, as shown to the traveller: the provider's quote (`quoteId`, its
   * refund `airlineRefund`) and the brand's policy applied to it. Amounts in minor units of the
   * booking's currency.
   */
  CancellationQuoted: z.object({
    quoteId: z.string(),
    airlineRefund: z.number().int(),
    refund: moneySchema,
    airlineFee: z.number().int(),
    serviceFee: z.number().int(),
    markupKeptOnRefund: z.boolean(),
    expiresAt: z.string(),
    staff,
    at,
  }),
  /** `quoteId`: the quote the traveller accepted (null: none, as on streams written before quotes). */
  CancellationRequested: z.object({
    requestedBy: z.string().nullable(),
    quoteId: z.string().nullable(),
    staff,
    at,
  }),
  CancellationFailed: z.object({ reason: z.string(), at }),
  /** `providerRefund`: what the airline gives back (null on events recorded before it was kept: version 1). */
  OrderCancelled: z.object({
    cancellationId: z.string(),
    refund: moneySchema,
    providerRefund: moneySchema.nullable(),
    at,
  }),
  /** `fee`: the payment provider's fee on the refund (null when it could not be read, or before it was kept: version 1). */
  RefundIssued: z.object({
    refundId: z.string(),
    paymentId: z.string(),
    amount: moneySchema,
    fee: moneySchema.nullable(),
    at,
  }),
  BookingCancelled: z.object({ at }),
  BookingCompleted: z.object({ at }),
  /** A booking made signed out is given to the account created for it afterwards. */
  CustomerAttached: z.object({ customerId: z.string(), at }),
  PassengerDataErased: z.object({ passengerIds: z.array(z.string()), at }),
  ...priceChangeEventSchemas,
  ...scheduleChangeEventSchemas,
  ...purchaseEventSchemas,
  ...holdEventSchemas,
};

type Schemas = typeof bookingEventSchemas;
export type BookingEventType = keyof Schemas;
export type BookingEventOf<Type extends BookingEventType> = { type: Type; data: z.infer<Schemas[Type]> };
export type BookingEvent = { [Type in BookingEventType]: BookingEventOf<Type> }[BookingEventType];

export type BookingStarted = BookingEventOf<'BookingStarted'>;
export type CancellationQuoted = BookingEventOf<'CancellationQuoted'>;

/** Reads a stored booking event: its old shapes upcast (booking-upcasters.ts), then validated. */
export const parseBookingEvent = eventParser<BookingEvent>(bookingEventSchemas, bookingUpcasters);

export const bookingStreamName = (bookingId: string) => `booking-${bookingId}`;
export const BOOKING_STREAM_PREFIX = 'booking-';
