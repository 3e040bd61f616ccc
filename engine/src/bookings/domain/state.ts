import type { BookingFailureCode } from '@contrail/shared/booking/failure';
import type {
  BookingEvent,
  BookingEventOf,
  BookingStarted,
  CancellationQuoted,
  PassengerRecord,
  SeatRecord,
  BagRecord,
} from './events.js';
import { decimalAmount, type Money } from '@contrail/shared/booking/money';
import { evolveScheduleChange, type ScheduleChangeState } from './schedule-change-state.js';
import { evolvePurchase, type PurchaseFacts } from './purchase-state.js';
import type { HoldReminder } from '@contrail/shared/booking/hold';
import { planRefunds, type RefundInPlan } from './refund-plan.js';

/**
 * Where a booking stands, one shape per phase (seed 001 §4's statuses, plus the checkout):
 * - none: nothing happened yet;
 * - started: in checkout (offer, passengers, seats, payment, then the order and its capture);
 * - failed: it can no longer be confirmed (offer expired, order failed, or payment voided);
 * - confirmed, cancelling, cancelled, completed: after a confirmation, with an order and a capture.
 */
export type BookingFacts = Omit<BookingStarted['data'], 'at'>;

/** The latest cancellation quote shown to the traveller; a cancellation confirms it. */
export type QuotedCancellation = Omit<CancellationQuoted['data'], 'at'>;

export interface Payment {
  paymentId: string;
  amount: Money;
  cardLast4: string;
  status: 'authorized' | 'captured' | 'voided';
  /** Refunded so far, in minor units. */
  refunded: number;
}

export interface OrderRef {
  orderId: string;
  bookingReference: string;
  cancelled: boolean;
}

/** What every phase after the start knows. */
interface Opened extends PurchaseFacts {
  booking: BookingFacts;
  passengers: PassengerRecord[];
  erasedPassengerIds: string[];
  seats: SeatRecord[];
  /** Bags bought with the booking (none on streams from before bags were sold). */
  bags: BagRecord[];
  declines: number;
  /** The latest cancellation quote, and while cancelling the one being confirmed (null: none, or a stream from before quotes). */
  quote: QuotedCancellation | null;
  /** Airline schedule changes (issue #36); absent until the first one. */
  scheduleChanges?: ScheduleChangeState[];
}

/** The provider has not answered the order: since when, which round of slow retries is the current one, and when it runs. */
export interface OrderDelay {
  since: string;
  round: number;
  retryAt: string | null;
}

/** A fare the airline holds unpaid (issue 36): until when, what paying costs now, what was done about it. */
export interface HoldTerms {
  orderId: string;
  /** When the airline held it: reminders due before then are not sent. */
  heldAt: string;
  paymentRequiredBy: string;
  priceGuaranteeExpiresAt: string | null;
  /** What paying the airline costs, and the traveller's price for it. */
  providerTotal: Money;
  price: Money;
  /** The airline answered a payment with a new total since the hold was made. */
  priceChanged: boolean;
  /** Set once the airline accepted the payment. */
  airlinePaymentId: string | null;
  reminders: HoldReminder[];
}

export interface NotStarted {
  phase: 'none';
  booking: null;
  payment: null;
  order: null;
}
export interface InCheckout extends Opened {
  phase: 'started';
  payment: Payment | null;
  order: OrderRef | null;
  /** Null until the provider fails to answer the order job's fast retries. */
  orderDelay: OrderDelay | null;
  /** Set when the traveller asked to hold the fare instead of paying now (issue 36). */
  holdRequest?: { paymentRequiredBy: string; priceGuaranteeExpiresAt: string | null };
}
/** The airline holds the fare unpaid (issue 36); `payment`: the traveller's card while paying it. */
export interface Held extends Opened {
  phase: 'held';
  payment: Payment | null;
  order: OrderRef;
  hold: HoldTerms;
}
/** The hold ran out unpaid: the airline released the seats. */
export interface HoldLapsed extends Opened {
  phase: 'expired';
  payment: Payment | null;
  order: OrderRef;
  hold: HoldTerms;
  reason: string;
}
export interface Failed extends Opened {
  phase: 'failed';
  payment: Payment | null;
  /** An order the provider made all the same (found later), cancelled as a stray. */
  order: OrderRef | null;
  failure: string;
  /** What the traveller is told; null when recorded without one (a void, or before codes). */
  failureCode: BookingFailureCode | null;
  offerExpired: boolean;
  /** On PRICE_CHANGED: what the offer costs now (OrderFailed's newPrice), when known. */
  newPrice?: Money;
}
export interface Confirmed extends Opened {
  phase: 'confirmed';
  payment: Payment;
  order: OrderRef;
}
export interface Cancelling extends Opened {
  phase: 'cancelling';
  payment: Payment;
  order: OrderRef;
  /** What the provider cancellation said to refund (minor units), once the order is cancelled. */
  cancellationRefund: number | null;
  /** That refund split across the booking's payments (refund-plan.ts), once the order is cancelled. */
  refundPlan?: RefundInPlan[];
}
export interface Cancelled extends Opened {
  phase: 'cancelled';
  payment: Payment;
  order: OrderRef;
  cancellationRefund: number | null;
  refundPlan?: RefundInPlan[];
}
export interface Completed extends Opened {
  phase: 'completed';
  payment: Payment;
  order: OrderRef;
}

export type BookingState =
  NotStarted | InCheckout | Failed | Confirmed | Cancelling | Cancelled | Completed | Held | HoldLapsed;
export type BookingPhase = BookingState['phase'];
export type StateIn<Phase extends BookingPhase> = Extract<BookingState, { phase: Phase }>;
export type StartedState = Exclude<BookingState, NotStarted>;

export const initialBookingState: NotStarted = { phase: 'none', booking: null, payment: null, order: null };

/** The seats and bags chosen, at the airline's price, in minor units. */
export function extrasTotal(state: Pick<StartedState, 'seats' | 'bags'>): number {
  const seats = state.seats.reduce((sum, seat) => sum + seat.price.amount, 0);
  return seats + (state.bags ?? []).reduce((sum, bag) => sum + bag.price.amount, 0);
}

/** The amount to authorize and capture: the offer's customer price plus the chosen seats and bags. */
export function amountDue(state: StartedState): Money {
  return { amount: state.booking.price.amount + extrasTotal(state), currency: state.booking.price.currency };
}

/** Why a booking failed, or null when it did not. */
export const failureOf = (state: BookingState): string | null => (state.phase === 'failed' ? state.failure : null);

/** A stream whose events contradict each other (the decider never writes one): reading it stops here. */
export class InconsistentBookingError extends Error {
  constructor(event: BookingEvent['type'], phase: BookingPhase) {
    super(`A ${event} event cannot follow a booking in phase ${phase}`);
    this.name = 'InconsistentBookingError';
  }
}

/** A refund of one of the booking's payments: the booking's own, or a purchase's; counted against the plan too. */
function refunded(
  state: StartedState,
  { paymentId, refundId, amount: { amount } }: BookingEventOf<'RefundIssued'>['data'],
): BookingState {
  if (!state.payment) return state;
  const purchases = state.purchases?.map((purchase) =>
    purchase.paymentId === paymentId ? { ...purchase, refunded: (purchase.refunded ?? 0) + amount } : purchase,
  );
  const ofPurchase = state.payment.paymentId !== paymentId && purchases?.some((one) => one.paymentId === paymentId);
  const payment = ofPurchase ? state.payment : { ...state.payment, refunded: state.payment.refunded + amount };
  const changed = { ...state, payment, ...(purchases && { purchases }) } as BookingState;
  if (!('refundPlan' in state) || !state.refundPlan) return changed;
  let left = amount;
  const refundPlan = state.refundPlan.map((planned) => {
    if (planned.paymentId !== paymentId) return planned;
    const counted = Math.min(left, planned.amount - planned.issued);
    left -= counted;
    return { ...planned, issued: planned.issued + counted, refundIds: [...planned.refundIds, refundId] };
  });
  return { ...changed, refundPlan } as BookingState;
}

/** The first failure is the one told; an expiry recorded later still marks the offer expired. */
function failed(
  state: StartedState,
  failure: string,
  {
    failureCode = null,
    offerExpired = false,
    newPrice,
  }: { failureCode?: BookingFailureCode | null; offerExpired?: boolean; newPrice?: Money | undefined } = {},
): BookingState {
  if (state.phase === 'failed') return { ...state, offerExpired: state.offerExpired || offerExpired };
  if (state.phase !== 'started') return state;
  return { ...state, phase: 'failed', failure, failureCode, offerExpired, ...(newPrice && { newPrice }) };
}

function confirmed(state: StartedState, event: BookingEvent): Confirmed {
  const { payment, order } = state;
  if ((state.phase !== 'started' && state.phase !== 'held') || !payment || !order)
    throw new InconsistentBookingError(event.type, state.phase);
  if (state.phase === 'held') {
    const { hold: _hold, ...rest } = state;
    return { ...rest, phase: 'confirmed', payment, order };
  }
  return { ...state, phase: 'confirmed', payment, order };
}

function start(event: BookingEventOf<'BookingStarted'>): InCheckout {
  const { at: _at, ...booking } = event.data;
  return {
    phase: 'started',
    booking,
    passengers: [],
    erasedPassengerIds: [],
    seats: [],
    bags: [],
    declines: 0,
    quote: null,
    payment: null,
    order: null,
    orderDelay: null,
  };
}

/** Folds one event into the state: what each event means, in every phase it may come in. */
export function evolve(state: BookingState, event: BookingEvent): BookingState {
  if (state.phase === 'none') return event.type === 'BookingStarted' ? start(event) : state;
  switch (event.type) {
    case 'BookingStarted':
      return state;
    case 'OfferVerified':
      return state.phase === 'started'
        ? { ...state, booking: { ...state.booking, price: event.data.price, offerExpiresAt: event.data.expiresAt } }
        : state;
    case 'OfferExpired':
      return failed(state, `offer ${event.data.reason}`, { failureCode: 'OFFER_EXPIRED', offerExpired: true });
    case 'PassengersProvided':
      return { ...state, passengers: event.data.passengers, seats: [] };
    case 'SeatsSelected':
      return { ...state, seats: event.data.seats };
    case 'BagsSelected':
      return { ...state, bags: event.data.bags };
    case 'PaymentAuthorized': {
      const { paymentId, amount, cardLast4 } = event.data;
      return { ...state, payment: { paymentId, amount, cardLast4, status: 'authorized', refunded: 0 } } as BookingState;
    }
    case 'PaymentDeclined':
      return { ...state, declines: state.declines + 1 };
    case 'OrderCreated': {
      const { orderId, bookingReference } = event.data;
      return { ...state, order: { orderId, bookingReference, cancelled: false } };
    }
    case 'OrderFailed': {
      const { reason, failureCode, newPrice } = event.data;
      return failed(state, reason, { failureCode: failureCode ?? null, newPrice });
    }
    case 'OrderDelayed': {
      if (state.phase !== 'started') return state;
      const { round, retryAt, at } = event.data;
      return { ...state, orderDelay: { since: state.orderDelay?.since ?? at, round, retryAt } };
    }
    case 'PaymentCaptured':
      return state.payment ? ({ ...state, payment: { ...state.payment, status: 'captured' } } as BookingState) : state;
    case 'PaymentVoided':
      if (!state.payment) return state;
      return failed({ ...state, payment: { ...state.payment, status: 'voided' } } as StartedState, event.data.reason);
    case 'BookingConfirmed':
      return confirmed(state, event);
    case 'StrayOrderCancelled': {
      const { orderId, bookingReference } = event.data;
      return { ...state, order: { orderId, bookingReference, cancelled: true } };
    }
    case 'TripRescheduled':
      return {
        ...state,
        booking: { ...state.booking, departsAt: event.data.departsAt, arrivesAt: event.data.arrivesAt },
      };
    case 'CancellationQuoted': {
      const { at: _at, ...quote } = event.data;
      return { ...state, quote };
    }
    case 'CancellationRequested': {
      if (state.phase !== 'confirmed') throw new InconsistentBookingError(event.type, state.phase);
      const { quoteId } = event.data;
      const quote = quoteId !== null && state.quote?.quoteId === quoteId ? state.quote : null;
      return { ...state, phase: 'cancelling', cancellationRefund: null, quote };
    }
    case 'CancellationFailed': {
      if (state.phase !== 'cancelling') return state;
      const { cancellationRefund: _refund, ...rest } = state;
      return { ...rest, phase: 'confirmed', quote: null };
    }
    case 'OrderCancelled': {
      if (state.phase !== 'cancelling') return state;
      // The split is a rule over the payments recorded before it, so every fold finds the same one.
      const refundPlan = planRefunds(state, event.data.refund.amount).map((planned) => ({
        ...planned,
        issued: 0,
        refundIds: [],
      }));
      const order = { ...state.order, cancelled: true };
      return { ...state, order, cancellationRefund: event.data.refund.amount, refundPlan };
    }
    case 'RefundIssued':
      return refunded(state, event.data);
    case 'BookingCancelled':
      if (state.phase !== 'cancelling') throw new InconsistentBookingError(event.type, state.phase);
      return { ...state, phase: 'cancelled' };
    case 'BookingCompleted': {
      if (state.phase !== 'confirmed') throw new InconsistentBookingError(event.type, state.phase);
      return { ...state, phase: 'completed' };
    }
    case 'CustomerAttached':
      return { ...state, booking: { ...state.booking, customerId: event.data.customerId } };
    case 'PriceChangeAccepted':
      // The new total is already the checkout's (the offer's verified price, its seats and bags).
      return state;
    case 'ScheduleChangeDetected':
    case 'ScheduleChangeAccepted':
    case 'ScheduleChangeDeclined':
      return evolveScheduleChange(state, event);
    case 'OrderChangeRequested':
    case 'ExtrasRequested':
    case 'PurchaseAuthenticationRequested':
    case 'PurchasePaymentAuthorized':
    case 'PurchaseConfirmed':
    case 'PurchasePaymentCaptured':
    case 'PurchaseFailed':
    case 'PurchaseOutcomeUnknown':
      return evolvePurchase(state, event);
    case 'PassengerDataErased':
      return {
        ...state,
        erasedPassengerIds: [...new Set([...state.erasedPassengerIds, ...event.data.passengerIds])],
      };
    default:
      return evolveHold(state, event as HoldEvent);
  }
}

export function foldBooking(events: readonly BookingEvent[], from: BookingState = initialBookingState): BookingState {
  return events.reduce(evolve, from);
}

// Hold now, pay later (issue 36): the hold events' meaning, kept beside evolve (events and rules in decisions/hold*.ts).
export type HoldEventType =
  | 'HoldRequested'
  | 'OrderHeld'
  | 'HoldPaymentAuthorized'
  | 'HoldPaid'
  | 'HoldPriceChanged'
  | 'HoldReminderSent'
  | 'HoldExpired';
export type HoldEvent = { [Type in HoldEventType]: BookingEventOf<Type> }[HoldEventType];

/**
 * A held fare costs the airline what it holds it at (the fare alone: a hold has no seats or bags),
 * not the offer's total: a cancellation's rules read what the airline was paid from here.
 */
function suppliedAt(itinerary: BookingFacts['itinerary'], providerTotal: Money): BookingFacts['itinerary'] {
  if (!itinerary) return itinerary;
  const amount = decimalAmount(providerTotal.amount, providerTotal.currency);
  return { ...itinerary, supplied: { amount, currency: providerTotal.currency } };
}

/** What each hold event means (issue 36), in the phases it may come in; the decider never writes another. */
export function evolveHold(state: StartedState, event: HoldEvent): BookingState {
  switch (event.type) {
    case 'HoldRequested': {
      if (state.phase !== 'started') return state;
      const { paymentRequiredBy, priceGuaranteeExpiresAt } = event.data;
      return { ...state, holdRequest: { paymentRequiredBy, priceGuaranteeExpiresAt } };
    }
    case 'OrderHeld': {
      if (state.phase !== 'started') return state;
      const { orderId, bookingReference, providerTotal, price, paymentRequiredBy, priceGuaranteeExpiresAt } =
        event.data;
      const { orderDelay: _delay, holdRequest: _request, ...rest } = state;
      const hold: HoldTerms = {
        orderId,
        heldAt: event.data.at,
        paymentRequiredBy,
        priceGuaranteeExpiresAt,
        providerTotal,
        price,
        priceChanged: false,
        airlinePaymentId: null,
        reminders: [],
      };
      return {
        ...rest,
        phase: 'held',
        booking: { ...state.booking, price, itinerary: suppliedAt(state.booking.itinerary, providerTotal) },
        order: { orderId, bookingReference, cancelled: false },
        hold,
      };
    }
    case 'HoldPaymentAuthorized': {
      if (state.phase !== 'held') return state;
      const { paymentId, amount, cardLast4 } = event.data;
      return { ...state, payment: { paymentId, amount, cardLast4, status: 'authorized', refunded: 0 } };
    }
    case 'HoldPaid':
      return state.phase === 'held'
        ? { ...state, hold: { ...state.hold, airlinePaymentId: event.data.airlinePaymentId } }
        : state;
    case 'HoldPriceChanged': {
      if (state.phase !== 'held') return state;
      const { providerTotal, price } = event.data;
      return {
        ...state,
        booking: { ...state.booking, price, itinerary: suppliedAt(state.booking.itinerary, providerTotal) },
        hold: { ...state.hold, providerTotal, price, priceChanged: true },
      };
    }
    case 'HoldReminderSent':
      return state.phase === 'held'
        ? { ...state, hold: { ...state.hold, reminders: [...state.hold.reminders, event.data.reminder] } }
        : state;
    case 'HoldExpired':
      return state.phase === 'held' ? { ...state, phase: 'expired', reason: event.data.reason } : state;
  }
}
