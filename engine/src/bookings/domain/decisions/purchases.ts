import type { BookingCommandOf } from '../commands.js';
import type { BookingEvent } from '../events.js';
import { refuse } from '../refusals.js';
import type { StateIn } from '../state.js';
import type { OpenPurchase } from '../purchase-state.js';
import type { SeatRecord } from '../seat-record.js';

/**
 * Changes and extras after booking (issue 36): a confirmed booking buys one at a time, before
 * departure; each is paid by card (authorized, confirmed at the airline, captured) or fails with
 * its authorization voided. A fact reported twice changes nothing; one out of turn is refused.
 */
type Confirmed = StateIn<'confirmed'>;

/** The failure code of a purchase whose bank check was not finished in time. */
export const BANK_CHECK_ABANDONED = 'authentication_abandoned';

function startable(state: Confirmed, purchaseId: string, at: string): boolean {
  if (state.purchase?.purchaseId === purchaseId) return false;
  if (state.purchases?.some((done) => done.purchaseId === purchaseId)) return false;
  if (state.purchase) refuse('PURCHASE_IN_PROGRESS', 'Another change to this trip is being paid for');
  if (state.booking.departsAt !== null && Date.parse(state.booking.departsAt) <= Date.parse(at))
    refuse('ALREADY_DEPARTED', 'The trip has already departed');
  return true;
}

export function requestOrderChange(command: BookingCommandOf<'RequestOrderChange'>, state: Confirmed): BookingEvent[] {
  if (!startable(state, command.data.purchaseId, command.data.at)) return [];
  const { fareDifference, penalty, amount } = command.data;
  if (amount.amount !== fareDifference.amount + penalty.amount)
    refuse('INVALID_AMOUNT', 'A change costs its fare difference plus the penalty');
  return [{ type: 'OrderChangeRequested', data: command.data }];
}

export function requestExtras(command: BookingCommandOf<'RequestExtras'>, state: Confirmed): BookingEvent[] {
  if (!startable(state, command.data.purchaseId, command.data.at)) return [];
  const { bags, amount } = command.data;
  const seats = command.data.seats ?? [];
  if (bags.length === 0 && seats.length === 0) refuse('INVALID_BAGS', 'Choose at least one bag or seat');
  checkSeats(seats);
  const prices = [...bags.map((bag) => bag.price), ...seats.map((seat) => seat.price)];
  if (prices.some((price) => price.currency !== amount.currency))
    refuse('INVALID_AMOUNT', 'Extras are paid in the booking currency');
  if (amount.amount !== prices.reduce((sum, price) => sum + price.amount, 0))
    refuse('INVALID_AMOUNT', 'Extras cost the sum of their prices');
  return [{ type: 'ExtrasRequested', data: command.data }];
}

/** One seat per passenger and flight, and one passenger per seat. */
function checkSeats(seats: SeatRecord[]): void {
  const taken = new Set<string>();
  for (const seat of seats) {
    const keys = [`${seat.segmentId}:${seat.passengerId}`, `${seat.segmentId}:seat ${seat.designator}`];
    if (keys.some((key) => taken.has(key)))
      refuse('INVALID_SEATS', 'One seat per passenger per flight, and one passenger per seat');
    keys.forEach((key) => taken.add(key));
  }
}

/** The open purchase the report is about; undefined when it was settled already (a late repeat). */
function openOne(state: Confirmed, purchaseId: string): OpenPurchase | undefined {
  if (state.purchase?.purchaseId === purchaseId) return state.purchase;
  if (state.purchases?.some((done) => done.purchaseId === purchaseId)) return undefined;
  return refuse('NO_PURCHASE', 'No such change is being paid for');
}

/** The card waits for the bank's check: recorded once per payment, only while nothing is authorized. */
export function recordPurchaseAuthenticationRequest(
  command: BookingCommandOf<'RecordPurchaseAuthenticationRequest'>,
  state: Confirmed,
): BookingEvent[] {
  const open = openOne(state, command.data.purchaseId);
  if (!open || open.bankChecks?.includes(command.data.paymentId)) return [];
  if (open.status !== 'requested') refuse('PAYMENT_ALREADY_AUTHORIZED', 'This change is already paid for');
  return [{ type: 'PurchaseAuthenticationRequested', data: command.data }];
}

export function recordPurchaseAuthorization(
  command: BookingCommandOf<'RecordPurchaseAuthorization'>,
  state: Confirmed,
): BookingEvent[] {
  const open = openOne(state, command.data.purchaseId);
  if (!open || open.paymentId === command.data.paymentId) return [];
  if (open.status !== 'requested') refuse('PAYMENT_ALREADY_AUTHORIZED', 'This change is already paid for');
  if (command.data.amount.amount !== open.amount.amount || command.data.amount.currency !== open.amount.currency)
    refuse('PAYMENT_MISMATCH', 'The payment does not match the amount shown');
  return [{ type: 'PurchasePaymentAuthorized', data: command.data }];
}

export function recordPurchaseConfirmed(
  command: BookingCommandOf<'RecordPurchaseConfirmed'>,
  state: Confirmed,
): BookingEvent[] {
  const open = openOne(state, command.data.purchaseId);
  if (!open || open.status === 'confirmed') return [];
  if (open.status === 'requested' && open.amount.amount > 0)
    refuse('PAYMENT_NOT_AUTHORIZED', 'The payment is not authorized');
  const { change, extras, amount } = open;
  return [
    {
      type: 'PurchaseConfirmed',
      data: {
        ...command.data,
        kind: change ? 'change' : 'extras',
        amount,
        change: change && { slices: change.slices, departsAt: change.departsAt, arrivesAt: change.arrivesAt },
        bags: extras?.bags ?? [],
        ...(extras?.seats?.length ? { seats: extras.seats } : {}),
      },
    },
  ];
}

export function recordPurchaseCapture(
  command: BookingCommandOf<'RecordPurchaseCapture'>,
  state: Confirmed,
): BookingEvent[] {
  const open = openOne(state, command.data.purchaseId);
  if (!open) return [];
  if (open.status !== 'confirmed') refuse('NOT_CONFIRMED', 'The airline has not confirmed this change yet');
  if (open.paymentId !== command.data.paymentId) refuse('PAYMENT_MISMATCH', 'Not the payment of this change');
  return [{ type: 'PurchasePaymentCaptured', data: command.data }];
}

/** A purchase fails only before the airline confirmed it: after, the payment is captured, never voided. */
export function recordPurchaseFailure(
  command: BookingCommandOf<'RecordPurchaseFailure'>,
  state: Confirmed,
): BookingEvent[] {
  if (state.failedPurchaseIds?.includes(command.data.purchaseId)) return [];
  const open = openOne(state, command.data.purchaseId);
  if (!open) return [];
  if (open.status === 'confirmed') refuse('ALREADY_CONFIRMED', 'The airline confirmed this change: it is paid for');
  // A bank check is given up only while it is still awaited: once the traveller came back with an
  // authorization (a return racing the expiry), the purchase goes on.
  if (command.data.code === BANK_CHECK_ABANDONED && open.status !== 'requested') return [];
  return [{ type: 'PurchaseFailed', data: command.data }];
}

/**
 * The airline's answer was lost and the lookup failed: recorded once, while the purchase waits for
 * the airline; the job it calls for (finish-purchase) looks again and captures or voids.
 */
export function recordPurchaseOutcomeUnknown(
  command: BookingCommandOf<'RecordPurchaseOutcomeUnknown'>,
  state: Confirmed,
): BookingEvent[] {
  const open = openOne(state, command.data.purchaseId);
  if (!open || open.status === 'confirmed' || open.outcomeUnknown) return [];
  if (open.status === 'requested' && open.amount.amount > 0)
    refuse('PAYMENT_NOT_AUTHORIZED', 'The payment is not authorized');
  return [{ type: 'PurchaseOutcomeUnknown', data: command.data }];
}
