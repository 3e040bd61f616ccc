import { describe, expect, it } from 'vitest';
import { foldBooking } from './state.js';
import { cmd, confirmedBooking, ev, EXPIRES, given, LATER, usd } from '../test-support/decider-spec.js';

/** Issue #31: support quotes and confirms a cancellation for the traveller; the events say who and why. */
describe('support cancelling for the traveller', () => {
  const staff = { userId: 'u-agent', username: 'skyagent', reason: 'Ticket 4411: caller asked to cancel' };
  const quote = {
    quoteId: 'ore_q1',
    airlineRefund: 40_000,
    refund: usd(40_000),
    airlineFee: 5_000,
    serviceFee: 10_350,
    markupKeptOnRefund: true,
    expiresAt: EXPIRES,
  };

  it('records a quote asked by support with who asked and why', () =>
    given(confirmedBooking())
      .when(cmd('QuoteCancellation', { ...quote, staff }))
      .then([{ type: 'CancellationQuoted', data: { ...quote, staff, at: LATER } }]));

  it('records the cancellation support confirmed, naming the staff member and the reason', () => {
    const request = cmd('RequestCancellation', { requestedBy: 'u-agent', quoteId: 'ore_q1', staff });
    given([...confirmedBooking(), ev.quoted()])
      .when(request)
      .then([{ type: 'CancellationRequested', data: { requestedBy: 'u-agent', quoteId: 'ore_q1', staff, at: LATER } }]);
  });

  it('keeps the confirmed quote for the refund, as for the traveller', () => {
    const requested = {
      type: 'CancellationRequested' as const,
      data: { requestedBy: 'u-agent', quoteId: 'ore_q1', staff, at: LATER },
    };
    const state = foldBooking([...confirmedBooking(), ev.quoted(), requested]);
    expect(state.phase).toBe('cancelling');
    expect(state.phase === 'cancelling' && state.quote?.refund).toEqual(usd(40_000));
  });

  it('refuses support without a reason, on the quote and on the confirmation', () => {
    const silent = { ...staff, reason: '  ok ' };
    given(confirmedBooking())
      .when(cmd('QuoteCancellation', { ...quote, staff: silent }))
      .thenRefused('VALIDATION_ERROR');
    given([...confirmedBooking(), ev.quoted()])
      .when(cmd('RequestCancellation', { requestedBy: 'u-agent', quoteId: 'ore_q1', staff: silent }))
      .thenRefused('VALIDATION_ERROR');
  });

  it('refuses support confirming a refund it was not shown (no quote)', () =>
    given(confirmedBooking())
      .when(cmd('RequestCancellation', { requestedBy: 'u-agent', quoteId: null, staff }))
      .thenRefused('NO_QUOTE'));

  it('refuses what the traveller could not do either: a non-refundable fare', () => {
    const events = confirmedBooking();
    events[0] = ev.started({ cancellable: false });
    given(events)
      .when(cmd('QuoteCancellation', { ...quote, staff }))
      .thenRefused('NOT_REFUNDABLE');
  });
});
