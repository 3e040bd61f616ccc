import { describe, expect, it } from 'vitest';
import { foldBooking } from './state.js';
import {
  AFTER_EXPIRY,
  checkout,
  cmd,
  confirmedBooking,
  ev,
  EXPIRES,
  given,
  LATER,
  RETRY_AT,
  usd,
} from '../test-support/decider-spec.js';

/** Issue 39: the provider does not answer the order; the saga keeps trying, slower, until the offer expires. */
describe('an order the provider does not answer', () => {
  const delay = (retryAt = RETRY_AT, at = LATER) =>
    cmd('RecordOrderDelay', { reason: 'The flight provider could not be reached', retryAt }, at);

  it('records the first round of slow retries, at the time proposed', () =>
    given(checkout())
      .when(delay())
      .then([ev.orderDelayed(1)]));

  it('counts the rounds, and remembers since when the provider is silent', () => {
    given([...checkout(), ev.orderDelayed(1)])
      .when(delay())
      .then([ev.orderDelayed(2)]);
    const later = '2026-11-22T12:20:00.000Z';
    const state = foldBooking([...checkout(), ev.orderDelayed(1), ev.orderDelayed(2, RETRY_AT, later)]);
    expect(state.phase === 'started' && state.orderDelay).toEqual({ since: LATER, round: 2, retryAt: RETRY_AT });
  });

  it('tries no later than the offer expires', () =>
    given(checkout())
      .when(delay(AFTER_EXPIRY))
      .then([ev.orderDelayed(1, EXPIRES)]));

  it('schedules no round once the offer has expired', () =>
    given([...checkout(), ev.orderDelayed(1)])
      .when(delay(AFTER_EXPIRY, EXPIRES))
      .then([ev.orderDelayed(2, null, EXPIRES)]));

  it('refuses a delay once the order exists, or without an authorized payment', () => {
    given([...checkout(), ev.ordered()])
      .when(delay())
      .thenRefused('ORDER_ALREADY_CREATED');
    given([ev.started(), ev.passengers()]).when(delay()).thenRefused('PAYMENT_NOT_AUTHORIZED');
  });

  it('ignores a late delay of a failed booking, and refuses one of a confirmed booking', () => {
    given([...checkout(), ev.orderFailed()])
      .when(delay())
      .then([]);
    given(confirmedBooking()).when(delay()).thenRefused('ALREADY_CONFIRMED');
  });

  it('orders as usual once the provider answers', () =>
    given([...checkout(), ev.orderDelayed(1)])
      .when(
        cmd('RecordOrderCreated', {
          orderId: 'ord_0000abcdef',
          bookingReference: 'ORD_0000',
          providerTotal: usd(45_000),
        }),
      )
      .then([ev.ordered()]));
});
