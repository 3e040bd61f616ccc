import type { BookingFailureCode } from '@contrail/shared/booking/failure';
import type {
  BagRecord,
  BookingEventOf,
  BookingEventType,
  BookingStarted,
  CancellationQuoted,
  PassengerRecord,
  SeatRecord,
  StaffActing,
} from './events.js';
import type { Money } from '@contrail/shared/booking/money';
import type { AcceptPriceChange } from './decisions/price-change.js';

type ScheduleChangeDetected = BookingEventOf<'ScheduleChangeDetected'>;
import type { HoldReminder } from '@contrail/shared/booking/hold';

/**
 * What the booking saga asks of a booking. Commands named Record... state a fact reported by a
 * provider (the gateway, the flight provider); the decider still refuses a fact that does not fit
 * the booking, so that the caller compensates (voids, cancels) rather than corrupting the stream.
 * Every command carries `at`, the instant it is decided at (the caller's clock).
 */
type Command<Type extends string, Data> = { type: Type; data: Data & { at: string } };

export type StartBooking = Command<'StartBooking', Omit<BookingStarted['data'], 'at'>>;
export type VerifyOffer = Command<
  'VerifyOffer',
  { result: 'valid'; price: Money; expiresAt: string } | { result: 'expired' | 'unavailable' }
>;
export type ProvidePassengers = Command<'ProvidePassengers', { passengers: PassengerRecord[] }>;
export type SelectSeats = Command<'SelectSeats', { seats: SeatRecord[] }>;
export type SelectBags = Command<'SelectBags', { bags: BagRecord[] }>;
export type RecordPaymentAuthorization = Command<
  'RecordPaymentAuthorization',
  { paymentId: string; amount: Money; cardLast4: string }
>;
export type RecordPaymentDecline = Command<
  'RecordPaymentDecline',
  { code: string; declineCode: string | null; message: string; cardLast4: string | null }
>;
/** `repair`: the order was found by a lookup after its answer was lost (why, for the record). */
export type RecordOrderCreated = Command<
  'RecordOrderCreated',
  { orderId: string; bookingReference: string; providerTotal: Money; repair?: string }
>;
export type RecordOrderFailure = Command<
  'RecordOrderFailure',
  { reason: string; code: string | null; failureCode: BookingFailureCode; newPrice?: Money }
>;
/** The provider gave no answer to the order (nor to a lookup): `retryAt` is when the saga proposes to try again. */
export type RecordOrderDelay = Command<'RecordOrderDelay', { reason: string; retryAt: string }>;
export type RecordPaymentCapture = Command<
  'RecordPaymentCapture',
  { paymentId: string; amount: Money; fee: Money | null; repair?: string }
>;
export type RecordPaymentVoid = Command<'RecordPaymentVoid', { paymentId: string; reason: string }>;
export type ConfirmBooking = Command<'ConfirmBooking', Record<never, never>>;
export type RecordStrayOrderCancelled = Command<
  'RecordStrayOrderCancelled',
  { orderId: string; bookingReference: string; cancellationId: string; reason: string }
>;
export type RecordTripRescheduled = Command<
  'RecordTripRescheduled',
  { departsAt: string | null; arrivesAt: string | null; reason: string }
>;
export type QuoteCancellation = Command<'QuoteCancellation', Omit<CancellationQuoted['data'], 'at'>>;
export type RequestCancellation = Command<
  'RequestCancellation',
  { requestedBy: string | null; quoteId: string | null; staff?: StaffActing }
>;
export type RecordCancellationFailure = Command<'RecordCancellationFailure', { reason: string }>;
export type RecordOrderCancelled = Command<
  'RecordOrderCancelled',
  { cancellationId: string; refund: Money; providerRefund: Money }
>;
export type RecordRefund = Command<
  'RecordRefund',
  { refundId: string; paymentId: string; amount: Money; fee: Money | null }
>;
export type CompleteBooking = Command<'CompleteBooking', Record<never, never>>;
export type AttachCustomer = Command<'AttachCustomer', { customerId: string }>;
/** Erase the named travellers' data, or every traveller's when `passengerIds` is absent. */
export type ErasePassengerData = Command<'ErasePassengerData', { passengerIds?: string[] }>;

/** Issue #36: the airline moved the flights (`departsAt`/`arrivesAt`: the new trip times as instants). */
export type RecordScheduleChange = Command<
  'RecordScheduleChange',
  Omit<ScheduleChangeDetected['data'], 'at'> & { departsAt: string | null; arrivesAt: string | null }
>;
export type AcceptScheduleChange = Command<
  'AcceptScheduleChange',
  { changeId: string; requestedBy: string | null; staff?: StaffActing }
>;
/** Decline the change and cancel with a full refund: `quote` is the airline's cancellation quote. */
export type DeclineScheduleChange = Command<
  'DeclineScheduleChange',
  {
    changeId: string;
    requestedBy: string | null;
    staff?: StaffActing;
    quote: { quoteId: string; airlineRefund: number; expiresAt: string };
  }
>;
type PurchaseData<Type extends string> = Omit<BookingEventOf<Type & BookingEventType>['data'], 'at'>;
export type RequestOrderChange = Command<'RequestOrderChange', PurchaseData<'OrderChangeRequested'>>;
export type RequestExtras = Command<'RequestExtras', PurchaseData<'ExtrasRequested'>>;
export type RecordPurchaseAuthenticationRequest = Command<
  'RecordPurchaseAuthenticationRequest',
  PurchaseData<'PurchaseAuthenticationRequested'>
>;
export type RecordPurchaseAuthorization = Command<
  'RecordPurchaseAuthorization',
  PurchaseData<'PurchasePaymentAuthorized'>
>;
export type RecordPurchaseConfirmed = Command<
  'RecordPurchaseConfirmed',
  { purchaseId: string; serviceIds: string[]; repair?: string }
>;
export type RecordPurchaseCapture = Command<'RecordPurchaseCapture', PurchaseData<'PurchasePaymentCaptured'>>;
export type RecordPurchaseFailure = Command<'RecordPurchaseFailure', PurchaseData<'PurchaseFailed'>>;
export type RecordPurchaseOutcomeUnknown = Command<
  'RecordPurchaseOutcomeUnknown',
  PurchaseData<'PurchaseOutcomeUnknown'>
>;
export type PurchaseCommand =
  | RequestOrderChange
  | RequestExtras
  | RecordPurchaseAuthenticationRequest
  | RecordPurchaseAuthorization
  | RecordPurchaseConfirmed
  | RecordPurchaseCapture
  | RecordPurchaseFailure
  | RecordPurchaseOutcomeUnknown;
/** Hold now, pay later (issue 36, decisions/hold.ts). */
export type RequestHold = Command<'RequestHold', { paymentRequiredBy: string; priceGuaranteeExpiresAt: string | null }>;
export type RecordOrderHeld = Command<
  'RecordOrderHeld',
  {
    orderId: string;
    bookingReference: string;
    providerTotal: Money;
    price: Money;
    paymentRequiredBy: string;
    priceGuaranteeExpiresAt: string | null;
    repair?: string;
  }
>;
export type RecordHoldPaymentAuthorization = Command<
  'RecordHoldPaymentAuthorization',
  { paymentId: string; amount: Money; cardLast4: string }
>;
export type RecordHoldPaid = Command<'RecordHoldPaid', { airlinePaymentId: string; amount: Money; repair?: string }>;
export type RecordHoldPriceChange = Command<'RecordHoldPriceChange', { providerTotal: Money; price: Money }>;
export type RecordHoldReminder = Command<'RecordHoldReminder', { reminder: HoldReminder }>;
export type ExpireHold = Command<'ExpireHold', { reason: string; airlineReleased: boolean }>;

export type BookingCommand =
  | PurchaseCommand
  | StartBooking
  | VerifyOffer
  | ProvidePassengers
  | SelectSeats
  | SelectBags
  | RecordPaymentAuthorization
  | RecordPaymentDecline
  | RecordOrderCreated
  | RecordOrderFailure
  | RecordOrderDelay
  | RecordPaymentCapture
  | RecordPaymentVoid
  | ConfirmBooking
  | RecordStrayOrderCancelled
  | RecordTripRescheduled
  | QuoteCancellation
  | RequestCancellation
  | RecordCancellationFailure
  | RecordOrderCancelled
  | RecordRefund
  | CompleteBooking
  | AttachCustomer
  | ErasePassengerData
  | AcceptPriceChange
  | RecordScheduleChange
  | AcceptScheduleChange
  | DeclineScheduleChange
  | RequestHold
  | RecordOrderHeld
  | RecordHoldPaymentAuthorization
  | RecordHoldPaid
  | RecordHoldPriceChange
  | RecordHoldReminder
  | ExpireHold;

export type BookingCommandType = BookingCommand['type'];
export type BookingCommandOf<Type extends BookingCommandType> = Extract<BookingCommand, { type: Type }>;
