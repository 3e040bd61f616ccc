import { isValidMoney, type Money } from '@contrail/shared/booking/money';
import { OFFER_EXPIRED_REFUSAL, refuse } from '../refusals.js';
import type { Payment, StartedState } from '../state.js';

export const isAfterOrAt = (at: string, limit: string) => Date.parse(at) >= Date.parse(limit);

export function validMoney(money: Money, what: string): void {
  if (!isValidMoney(money) || money.amount === 0)
    refuse('INVALID_AMOUNT', `${what} must be a positive amount in minor units`);
}

export function offerStillValid(state: StartedState, at: string): void {
  if (isAfterOrAt(at, state.booking.offerExpiresAt)) refuse('OFFER_EXPIRED', OFFER_EXPIRED_REFUSAL);
}

export function cardLast4Only(cardLast4: string): void {
  if (!/^\d{4}$/.test(cardLast4)) refuse('INVALID_CARD_LAST4', 'Only the last four digits of a card are recorded');
}

/** The booking's payment, and the command is about it. */
export function thePayment(payment: Payment | null, paymentId: string, doing: string): Payment {
  if (!payment) return refuse('PAYMENT_NOT_AUTHORIZED', `There is no payment to ${doing}`);
  if (payment.paymentId !== paymentId) refuse('PAYMENT_MISMATCH', 'That is not the payment of this booking');
  return payment;
}

export const failedMessage = (failure: string) => `The booking failed: ${failure}`;
