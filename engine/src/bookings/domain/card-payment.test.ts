import { describe, expect, it } from 'vitest';
import { fold } from '../../eventstore/command-handler.js';
import {
  cardPaymentDecider,
  type CardAuthorization,
  type CardPaymentCommand,
  type CardPaymentEvent,
} from './card-payment.js';
import type { Refusal } from './refusals.js';

const at = '2026-11-22T12:00:00.000Z';
const authorization: CardAuthorization = {
  paymentId: 'pi_1',
  offerId: 'off_1',
  brandKey: 'default',
  amount: { amount: 55_350, currency: 'USD' },
  cardLast4: '4242',
  offerExpiresAt: '2026-11-22T12:30:00.000Z',
  at,
};
const authorized: CardPaymentEvent = { type: 'CardPaymentAuthorized', data: authorization };
const claimed = (bookingId: string): CardPaymentEvent => ({
  type: 'CardPaymentClaimed',
  data: { paymentId: 'pi_1', bookingId, at },
});
const claim = (bookingId: string): CardPaymentCommand => ({ type: 'ClaimCardPayment', data: { bookingId, at } });
const release = (claimedBy?: string): CardPaymentCommand => ({
  type: 'ReleaseCardPayment',
  data: { reason: 'unused', at, ...(claimedBy && { claimedBy }) },
});
const decide = (events: CardPaymentEvent[], command: CardPaymentCommand) =>
  cardPaymentDecider.decide(command, fold(cardPaymentDecider, events, cardPaymentDecider.initialState));
const refusal = (events: CardPaymentEvent[], command: CardPaymentCommand) => {
  try {
    decide(events, command);
  } catch (error) {
    return (error as Refusal).code;
  }
  return undefined;
};

describe('a card payment stream', () => {
  it('records an authorization once', () => {
    expect(decide([], { type: 'RecordCardAuthorization', data: authorization })).toEqual([authorized]);
    expect(decide([authorized], { type: 'RecordCardAuthorization', data: authorization })).toEqual([]);
  });

  it('is claimed by one booking: again by it is recorded again (a fence for releases), by another is refused', () => {
    expect(decide([authorized], claim('b1'))).toEqual([claimed('b1')]);
    expect(decide([authorized, claimed('b1')], claim('b1'))).toEqual([claimed('b1')]);
    expect(refusal([authorized, claimed('b1')], claim('b2'))).toBe('PAYMENT_ALREADY_USED');
    expect(refusal([], claim('b1'))).toBe('NO_PAYMENT');
  });

  it('is released unused, or from the claim of a booking that never started, never from under a booking', () => {
    const released: CardPaymentEvent = {
      type: 'CardPaymentReleased',
      data: { paymentId: 'pi_1', reason: 'unused', at },
    };
    expect(decide([authorized], release())).toEqual([released]);
    expect(decide([authorized, claimed('b1')], release('b1'))).toEqual([released]);
    expect(refusal([authorized, claimed('b1')], release())).toBe('PAYMENT_ALREADY_USED');
    expect(decide([authorized, released], release())).toEqual([]);
    expect(refusal([authorized, released], claim('b1'))).toBe('PAYMENT_RELEASED');
  });

  it('reads an authorization recorded before offers expiries were kept', () => {
    const { offerExpiresAt: _expiry, ...old } = authorization;
    expect(cardPaymentDecider.parse({ type: 'CardPaymentAuthorized', data: old })).toEqual({
      type: 'CardPaymentAuthorized',
      data: { ...old, offerExpiresAt: null },
    });
    expect(() => cardPaymentDecider.parse({ type: 'CardPaymentAuthorized', data: { paymentId: 1 } })).toThrow(
      /Unreadable CardPaymentAuthorized event/,
    );
  });
});
