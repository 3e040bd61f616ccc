import { decideAll as decideInTurn, type Decider } from '../../eventstore/command-handler.js';
import type { BookingCommand, BookingCommandOf, BookingCommandType } from './commands.js';
import {
  attachCustomer,
  completeBooking,
  erasePassengerData,
  checkCancellable,
  quoteCancellation,
  recordCancellationFailure,
  recordOrderCancelled,
  recordRefund,
  requestCancellation,
} from './decisions/after-sale.js';
import { offerStillValid, failedMessage } from './decisions/checks.js';
import {
  recordPurchaseAuthenticationRequest,
  recordPurchaseAuthorization,
  recordPurchaseCapture,
  recordPurchaseConfirmed,
  recordPurchaseFailure,
  recordPurchaseOutcomeUnknown,
  requestExtras,
  requestOrderChange,
} from './decisions/purchases.js';
import {
  providePassengers,
  recordDecline,
  selectBags,
  selectSeats,
  startBooking,
  verifyOffer,
} from './decisions/checkout.js';
import {
  captureAgain,
  confirm,
  orderAgain,
  recordCapture,
  recordOrder,
  recordOrderDelay,
  recordOrderFailure,
  recordStrayOrderCancelled,
  recordTripRescheduled,
  recordVoid,
  refuseCaptureOfFailedBooking,
  refuseOrderOfFailedBooking,
  refuseVoidOfCapture,
} from './decisions/order.js';
import { acceptPriceChange } from './decisions/price-change.js';
import {
  authorizeHoldPayment,
  authorizeUnlessHeld,
  captureHold,
  confirmHold,
  expireHold,
  heldAgain,
  recordHoldPaid,
  recordHoldPriceChange,
  recordHoldReminder,
  recordOrderHeld,
  requestHold,
  voidHoldPayment,
} from './decisions/hold.js';
import { parseBookingEvent, type BookingEvent } from './events.js';
import { acceptScheduleChange, declineScheduleChange, recordScheduleChange } from './decisions/schedule-change.js';
import { Refusal, refuse, type RefusalCode } from './refusals.js';
import { evolve, initialBookingState, type BookingPhase, type BookingState, type StateIn } from './state.js';

type Rule<Phase extends BookingPhase, Type extends BookingCommandType> = (
  command: BookingCommandOf<Type>,
  state: StateIn<Phase>,
) => BookingEvent[];
type PhaseRules<Phase extends BookingPhase> = { [Type in BookingCommandType]?: Rule<Phase, Type> };

/** A cell that refuses with a reason of its own (other commands a phase does not list get its default refusal). */
const refused = (code: RefusalCode, message: string) => (): BookingEvent[] => refuse(code, message);
/** A cell that accepts the command and changes nothing (a late or repeated report). */
const ignored = (): BookingEvent[] => [];

/** What every booking accepts, whatever its phase. */
const anyPhase = { AttachCustomer: attachCustomer, ErasePassengerData: erasePassengerData } as const;
/** Reports that come late, once the booking is confirmed: the same facts again change nothing. */
const afterConfirmation = {
  VerifyOffer: ignored,
  RecordScheduleChange: ignored,
  RecordOrderCreated: orderAgain,
  RecordPaymentCapture: captureAgain,
  RecordPaymentVoid: refuseVoidOfCapture,
  RecordCancellationFailure: refused('NO_CANCELLATION', 'No cancellation is in progress'),
  RecordOrderCancelled: refused('NO_CANCELLATION', 'No cancellation is in progress'),
  ...anyPhase,
} as const;

/**
 * The booking's state table: which command each phase accepts, and the rule that decides it.
 * Read it as seed 001 §4 and DESIGN §4: a checkout takes passengers, seats and a card, then the
 * order; a confirmed booking may be cancelled (refunded) or completed once the trip is over.
 */
export const bookingStateTable: { [Phase in BookingPhase]: PhaseRules<Phase> } = {
  none: { StartBooking: startBooking },
  started: {
    VerifyOffer: verifyOffer,
    ProvidePassengers: providePassengers,
    SelectSeats: selectSeats,
    SelectBags: selectBags,
    RecordPaymentAuthorization: authorizeUnlessHeld,
    RequestHold: requestHold,
    RecordOrderHeld: recordOrderHeld,
    RecordPaymentDecline: recordDecline,
    RecordOrderCreated: recordOrder,
    RecordOrderFailure: recordOrderFailure,
    RecordOrderDelay: recordOrderDelay,
    RecordPaymentCapture: recordCapture,
    RecordPaymentVoid: recordVoid,
    ConfirmBooking: confirm,
    RecordTripRescheduled: recordTripRescheduled,
    AcceptPriceChange: acceptPriceChange,
    RequestCancellation: refused('NOT_CONFIRMED', 'Only confirmed bookings can be cancelled'),
    CompleteBooking: refused('NOT_CONFIRMED', 'Only confirmed bookings are completed'),
    RecordRefund: refused('ORDER_NOT_CANCELLED', 'A refund follows the order cancellation'),
    RecordCancellationFailure: refused('NO_CANCELLATION', 'No cancellation is in progress'),
    RecordOrderCancelled: refused('NO_CANCELLATION', 'No cancellation is in progress'),
    ...anyPhase,
  },
  failed: {
    VerifyOffer: ignored,
    RecordOrderFailure: ignored,
    RecordOrderDelay: ignored,
    RecordOrderCreated: refuseOrderOfFailedBooking,
    RecordPaymentCapture: refuseCaptureOfFailedBooking,
    RecordPaymentVoid: recordVoid,
    RecordStrayOrderCancelled: recordStrayOrderCancelled,
    RequestCancellation: refused('NOT_CONFIRMED', 'Only confirmed bookings can be cancelled'),
    CompleteBooking: refused('NOT_CONFIRMED', 'Only confirmed bookings are completed'),
    ...anyPhase,
  },
  confirmed: {
    QuoteCancellation: quoteCancellation,
    RequestCancellation: requestCancellation,
    CompleteBooking: completeBooking,
    RecordTripRescheduled: recordTripRescheduled,
    RecordRefund: refused('ORDER_NOT_CANCELLED', 'A refund follows the order cancellation'),
    RequestOrderChange: requestOrderChange,
    RequestExtras: requestExtras,
    RecordPurchaseAuthenticationRequest: recordPurchaseAuthenticationRequest,
    RecordPurchaseAuthorization: recordPurchaseAuthorization,
    RecordPurchaseConfirmed: recordPurchaseConfirmed,
    RecordPurchaseCapture: recordPurchaseCapture,
    RecordPurchaseFailure: recordPurchaseFailure,
    RecordPurchaseOutcomeUnknown: recordPurchaseOutcomeUnknown,
    ...afterConfirmation,
    RecordScheduleChange: recordScheduleChange,
    AcceptScheduleChange: acceptScheduleChange,
    DeclineScheduleChange: declineScheduleChange,
  },
  cancelling: {
    ...afterConfirmation,
    RecordCancellationFailure: recordCancellationFailure,
    RecordOrderCancelled: recordOrderCancelled,
    RecordRefund: recordRefund,
    CompleteBooking: refused('ALREADY_CANCELLED', 'The booking is cancelled'),
  },
  cancelled: {
    ...afterConfirmation,
    RecordOrderCancelled: ignored,
    RecordRefund: recordRefund,
  },
  completed: { ...afterConfirmation, CompleteBooking: ignored },
  // Hold now, pay later (issue 36, decisions/hold.ts): held unpaid, then paid (card, airline, capture) or run out.
  held: {
    VerifyOffer: ignored,
    RecordOrderHeld: heldAgain,
    RecordHoldPaymentAuthorization: authorizeHoldPayment,
    RecordHoldPaid: recordHoldPaid,
    RecordPaymentCapture: captureHold,
    RecordPaymentVoid: voidHoldPayment,
    ConfirmBooking: confirmHold,
    RecordHoldPriceChange: recordHoldPriceChange,
    RecordHoldReminder: recordHoldReminder,
    ExpireHold: expireHold,
    RequestCancellation: refused('NOT_CONFIRMED', 'A held trip is not paid: it runs out on its own'),
    CompleteBooking: refused('NOT_CONFIRMED', 'Only confirmed bookings are completed'),
    ...anyPhase,
  },
  expired: {
    VerifyOffer: ignored,
    RecordOrderHeld: heldAgain,
    RecordPaymentVoid: voidHoldPayment,
    ExpireHold: ignored,
    ...anyPhase,
  },
};

/** What a phase answers to a command it does not list. */
const notAccepted: { [Phase in BookingPhase]: (state: StateIn<Phase>) => Refusal } = {
  none: () => new Refusal('NOT_STARTED', 'The booking has not been started'),
  started: () => new Refusal('NOT_CONFIRMED', 'The booking is not confirmed yet'),
  failed: (state) => new Refusal('BOOKING_FAILED', failedMessage(state.failure)),
  confirmed: () => new Refusal('ALREADY_CONFIRMED', 'The booking is already confirmed'),
  cancelling: () => new Refusal('CANCELLATION_IN_PROGRESS', 'The booking is already being cancelled'),
  cancelled: () => new Refusal('ALREADY_CANCELLED', 'The booking is already cancelled'),
  completed: () => new Refusal('ALREADY_COMPLETED', 'The trip is over'),
  held: () => new Refusal('NOT_CONFIRMED', 'The trip is held: it is confirmed once paid'),
  expired: () => new Refusal('HOLD_EXPIRED', 'The hold ran out: the airline released the seats'),
};

function refusalIn(state: BookingState): Refusal {
  return (notAccepted[state.phase] as (state: BookingState) => Refusal)(state);
}

/** Decides the events a command produces from the current state, or throws Refusal. */
export function decide(command: BookingCommand, state: BookingState): BookingEvent[] {
  if (command.type === 'StartBooking' && state.phase !== 'none')
    refuse('ALREADY_STARTED', 'The booking has already been started');
  const rules = bookingStateTable[state.phase] as PhaseRules<BookingPhase>;
  const rule = rules[command.type] as ((command: BookingCommand, state: BookingState) => BookingEvent[]) | undefined;
  if (!rule) throw refusalIn(state);
  return rule(command, state);
}

/**
 * The refusal a create-order job must respect before calling the provider: the checkout is live,
 * the offer valid, the payment authorized and no order exists yet. Null when it may go ahead.
 */
export function orderCreationRefusal(state: BookingState, at: string): Refusal | null {
  if (state.phase !== 'started') return refusalIn(state);
  try {
    offerStillValid(state, at);
    if (state.passengers.length === 0) refuse('NO_PASSENGERS', 'Passengers are required');
    if (state.payment?.status !== 'authorized') refuse('PAYMENT_NOT_AUTHORIZED', 'The payment is not authorized');
    if (state.order) refuse('ORDER_ALREADY_CREATED', 'An order already exists for this booking');
    return null;
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
}

/** The refusal a cancellation quote must respect before asking the provider; null when it may go ahead. */
export function cancellationRefusal(state: BookingState, at: string): Refusal | null {
  if (state.phase !== 'confirmed') return refusalIn(state);
  try {
    checkCancellable(state, at);
    return null;
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
}

export const bookingDecider: Decider<BookingCommand, BookingEvent, BookingState> = {
  decide,
  evolve,
  initialState: initialBookingState,
  parse: parseBookingEvent,
};

/** Decides several commands in a row, each against the state the previous ones produced. */
export function decideAll(commands: readonly BookingCommand[], state: BookingState): BookingEvent[] {
  return decideInTurn(bookingDecider, commands, state);
}

export { Refusal, type RefusalCode } from './refusals.js';
