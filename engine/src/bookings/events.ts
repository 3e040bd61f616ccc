import type { Money } from './money.js';
import type { BookingItinerary } from './itinerary.js';
import type { SealedPii } from './pii/sealed.js';

/**
 * The events of a booking stream (`booking-<id>`), DESIGN §3. Events never carry a card number
 * (only its last four digits) nor personal data in clear (passengers' data is sealed, see pii/).
 * Times are ISO-8601 instants.
 */
type Event<Type extends string, Data> = { type: Type; data: Data };

export interface PassengerRecord {
  /** Stable within the booking (the offer's passenger id when the provider gives one). */
  passengerId: string;
  type: 'adult' | 'child' | 'infant_without_seat';
  pii: SealedPii;
}

export interface SeatRecord {
  passengerId: string;
  segmentId: string;
  designator: string;
  /** The provider's seat service, ordered with the booking. */
  serviceId: string;
  price: Money;
}

export type BookingStarted = Event<
  'BookingStarted',
  {
    bookingId: string;
    brandKey: string;
    offerId: string;
    /** The account the booking belongs to, when known. */
    customerId: string | null;
    /** The customer price of the offer (brand markup applied), without seats. */
    price: Money;
    offerExpiresAt: string;
    passportRequired: boolean;
    /** The fare conditions allow cancellation before departure. */
    cancellable: boolean;
    departsAt: string | null;
    arrivesAt: string | null;
    /** What was booked (flights, fare conditions, supplied price): no personal data. */
    itinerary?: BookingItinerary;
    at: string;
  }
>;
export type OfferVerified = Event<'OfferVerified', { offerId: string; price: Money; expiresAt: string; at: string }>;
export type OfferExpired = Event<'OfferExpired', { offerId: string; reason: 'expired' | 'unavailable'; at: string }>;
export type PassengersProvided = Event<'PassengersProvided', { passengers: PassengerRecord[]; at: string }>;
export type SeatsSelected = Event<'SeatsSelected', { seats: SeatRecord[]; at: string }>;
export type PaymentAuthorized = Event<
  'PaymentAuthorized',
  { paymentId: string; amount: Money; cardLast4: string; at: string }
>;
export type PaymentDeclined = Event<
  'PaymentDeclined',
  { code: string; declineCode: string | null; message: string; cardLast4: string | null; at: string }
>;
export type OrderCreated = Event<'OrderCreated', { orderId: string; bookingReference: string; at: string }>;
export type OrderFailed = Event<'OrderFailed', { reason: string; code: string | null; at: string }>;
export type PaymentCaptured = Event<'PaymentCaptured', { paymentId: string; amount: Money; at: string }>;
export type PaymentVoided = Event<'PaymentVoided', { paymentId: string; reason: string; at: string }>;
export type BookingConfirmed = Event<'BookingConfirmed', { orderId: string; bookingReference: string; at: string }>;
export type CancellationRequested = Event<'CancellationRequested', { requestedBy: string | null; at: string }>;
export type CancellationFailed = Event<'CancellationFailed', { reason: string; at: string }>;
export type OrderCancelled = Event<'OrderCancelled', { cancellationId: string; refund: Money; at: string }>;
export type RefundIssued = Event<'RefundIssued', { refundId: string; paymentId: string; amount: Money; at: string }>;
export type BookingCancelled = Event<'BookingCancelled', { at: string }>;
export type BookingCompleted = Event<'BookingCompleted', { at: string }>;
/** A booking made signed out is given to the account created for it afterwards. */
export type CustomerAttached = Event<'CustomerAttached', { customerId: string; at: string }>;
export type PassengerDataErased = Event<'PassengerDataErased', { passengerIds: string[]; at: string }>;

export type BookingEvent =
  | BookingStarted
  | OfferVerified
  | OfferExpired
  | PassengersProvided
  | SeatsSelected
  | PaymentAuthorized
  | PaymentDeclined
  | OrderCreated
  | OrderFailed
  | PaymentCaptured
  | PaymentVoided
  | BookingConfirmed
  | CancellationRequested
  | CancellationFailed
  | OrderCancelled
  | RefundIssued
  | BookingCancelled
  | BookingCompleted
  | CustomerAttached
  | PassengerDataErased;

export type BookingEventType = BookingEvent['type'];

export const bookingStreamName = (bookingId: string) => `booking-${bookingId}`;
