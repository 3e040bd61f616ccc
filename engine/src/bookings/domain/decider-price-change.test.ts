import { describe, expect, it } from 'vitest';
import { cmd, confirmedBooking, ev, given, T0, usd } from '../test-support/decider-spec.js';
import { foldBooking } from './state.js';

/** Issue 36: the traveller accepts a new price before the card is authorized for it. */
describe('a price change accepted at checkout', () => {
  const accept = (previous = usd(49_900)) => cmd('AcceptPriceChange', { previousTotal: previous }, T0);
  const accepted = (previous = usd(49_900), total = usd(55_350)) => ({
    type: 'PriceChangeAccepted' as const,
    data: { previousTotal: previous, newTotal: total, at: T0 },
  });

  it('records the price seen before and the checkout total now, which the card is then authorized for', () => {
    given([ev.started(), ev.passengers()]).when(accept()).then([accepted()]);
    const state = foldBooking([ev.started(), ev.passengers(), accepted(), ev.authorized()]);
    expect(state.phase === 'started' && state.payment?.amount).toEqual(usd(55_350));
  });

  it('counts the seats chosen in the new total', () =>
    given([ev.started(), ev.passengers(), ev.seat()])
      .when(accept())
      .then([accepted(usd(49_900), usd(56_850))]));

  it('refuses a "change" to the same price, or in another currency', () => {
    given([ev.started(), ev.passengers()])
      .when(accept(usd(55_350)))
      .thenRefused('INVALID_AMOUNT');
    given([ev.started(), ev.passengers()])
      .when(accept({ amount: 49_900, currency: 'EUR' }))
      .thenRefused('INVALID_AMOUNT');
    given([ev.started(), ev.passengers()])
      .when(accept(usd(0)))
      .thenRefused('INVALID_AMOUNT');
  });

  it('refuses once the card is authorized, and on a booking that is not in checkout', () => {
    given([ev.started(), ev.passengers(), ev.authorized()]).when(accept()).thenRefused('CHECKOUT_CLOSED');
    given(confirmedBooking()).when(accept()).thenRefused('ALREADY_CONFIRMED');
    given([]).when(accept()).thenRefused('NOT_STARTED');
  });
});
