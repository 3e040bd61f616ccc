import { describe, expect, it } from 'vitest';
import { foldBooking } from './state.js';
import {
  AFTER_EXPIRY,
  cmd,
  confirmedBooking,
  DEPARTS,
  ev,
  EXPIRES,
  given,
  LATER,
  usd,
} from '../test-support/decider-spec.js';

/** Issue 20 item 2: a cancellation quote is recorded, and the cancellation confirms the quote shown. */
describe('cancellation quotes', () => {
  const quote = {
    quoteId: 'ore_q1',
    airlineRefund: 40_000,
    refund: usd(40_000),
    airlineFee: 5_000,
    serviceFee: 10_350,
    markupKeptOnRefund: true,
    expiresAt: EXPIRES,
  };

  it('records a quote for a confirmed, cancellable booking', () =>
    given(confirmedBooking())
      .when(cmd('QuoteCancellation', quote))
      .then([{ type: 'CancellationQuoted', data: { ...quote, at: LATER } }]));

  it('refuses a quote refunding more than was captured, in another currency, or for a departed trip', () => {
    given(confirmedBooking())
      .when(cmd('QuoteCancellation', { ...quote, refund: usd(55_351) }))
      .thenRefused('REFUND_TOO_LARGE');
    given(confirmedBooking())
      .when(cmd('QuoteCancellation', { ...quote, refund: { amount: 100, currency: 'EUR' } }))
      .thenRefused('INVALID_AMOUNT');
    given(confirmedBooking())
      .when({ ...cmd('QuoteCancellation', quote), data: { ...quote, at: DEPARTS } })
      .thenRefused('ALREADY_DEPARTED');
  });

  it('refuses a quote for a non-refundable or an unconfirmed booking', () => {
    const events = confirmedBooking();
    events[0] = ev.started({ cancellable: false });
    given(events).when(cmd('QuoteCancellation', quote)).thenRefused('NOT_REFUNDABLE');
    given([...confirmedBooking(), ev.cancelling()])
      .when(cmd('QuoteCancellation', quote))
      .thenRefused('CANCELLATION_IN_PROGRESS');
  });

  it('cancels with the latest quote before it expires, and keeps that quote for the refund', () => {
    const request = cmd('RequestCancellation', { requestedBy: 'u1', quoteId: 'ore_q1' });
    given([...confirmedBooking(), ev.quoted()])
      .when(request)
      .then([{ type: 'CancellationRequested', data: request.data }]);
    const state = foldBooking([...confirmedBooking(), ev.quoted(), ev.cancelling('ore_q1')]);
    expect(state.phase).toBe('cancelling');
    expect(state.phase === 'cancelling' && state.quote?.refund).toEqual(usd(40_000));
  });

  it('refuses an unknown or replaced quote, and an expired one', () => {
    const request = cmd('RequestCancellation', { requestedBy: 'u1', quoteId: 'ore_q1' });
    given(confirmedBooking()).when(request).thenRefused('NO_QUOTE');
    given([...confirmedBooking(), ev.quoted(), ev.quoted(39_000, 'ore_q2')])
      .when(request)
      .thenRefused('NO_QUOTE');
    given([...confirmedBooking(), ev.quoted()])
      .when({ ...request, data: { ...request.data, at: AFTER_EXPIRY } })
      .thenRefused('QUOTE_EXPIRED');
  });

  it('forgets the quote when the airline refuses the cancellation', () => {
    const state = foldBooking([
      ...confirmedBooking(),
      ev.quoted(),
      ev.cancelling('ore_q1'),
      { type: 'CancellationFailed', data: { reason: 'airline refused', at: LATER } },
    ]);
    expect(state.phase).toBe('confirmed');
    expect(state.phase === 'confirmed' && state.quote).toBeNull();
  });
});
