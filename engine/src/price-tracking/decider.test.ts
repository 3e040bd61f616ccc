import { describe, expect, it } from 'vitest';
import { fold } from '../eventstore/command-handler.js';
import type { PriceTrackingEvent } from './events.js';
import { priceTrackingDecider, TrackingRefusal, type PriceTrackingCommand } from './decider.js';

const start = (customerId: string | null): PriceTrackingCommand => ({
  type: 'StartTracking',
  trackingId: 't1',
  brandKey: 'default',
  search: {
    origin: 'SEA',
    destination: 'SFO',
    when: { kind: 'date', departureDate: '2027-02-03' },
    cabinClass: 'economy',
    adultsCount: 1,
    childrenCount: 0,
    infantsCount: 0,
  },
  searchKey: 'SEA|SFO|2027-02-03||economy|1|0|0',
  drop: { kind: 'amount', amountMinor: 2_500 },
  customerId,
});

const check = (checkKey: string, cheapestMinor: number | null): PriceTrackingCommand => ({
  type: 'RecordCheck',
  checkKey,
  cheapestMinor,
  currency: cheapestMinor === null ? null : 'USD',
  departureDate: '2027-02-03',
  cost: 1,
});

/** Given these commands' events, when this command: then these events (or this refusal). */
function given(...commands: PriceTrackingCommand[]) {
  const history: PriceTrackingEvent[] = [];
  for (const command of commands) {
    history.push(
      ...priceTrackingDecider.decide(command, fold(priceTrackingDecider, history, priceTrackingDecider.initialState)),
    );
  }
  const state = fold(priceTrackingDecider, history, priceTrackingDecider.initialState);
  return { when: (command: PriceTrackingCommand) => () => priceTrackingDecider.decide(command, state), state };
}

const checked = (events: PriceTrackingEvent[]) =>
  events.map((event) => (event.type === 'TrackedPriceChecked' ? event.data : event.type));

describe('a price alert, given/when/then', () => {
  it('signed in: started and confirmed at once; by email: pending until the link is followed, then once', () => {
    expect(given().when(start('cus_1'))()[0]).toMatchObject({
      type: 'PriceTrackingStarted',
      data: { confirmed: true },
    });
    const byEmail = given(start(null));
    expect(byEmail.state.status).toBe('pending');
    expect(byEmail.when({ type: 'ConfirmTracking' })()).toEqual([{ type: 'PriceTrackingConfirmed', data: {} }]);
    expect(given(start(null), { type: 'ConfirmTracking' }).when({ type: 'ConfirmTracking' })()).toEqual([]);
  });

  it('an unconfirmed alert is never checked (nothing is sent to an address not confirmed)', () => {
    expect(given(start(null)).when(check('slot-1', 30_000))()).toEqual([]);
  });

  it('the first check sets the baseline; a fall by the rule is a drop measured from it', () => {
    expect(checked(given(start('cus_1')).when(check('slot-1', 30_000))())).toEqual([
      {
        checkKey: 'slot-1',
        cheapestMinor: 30_000,
        currency: 'USD',
        departureDate: '2027-02-03',
        cost: 1,
        baselineMinor: null,
        dropped: false,
      },
    ]);
    const after = given(start('cus_1'), check('slot-1', 30_000));
    expect(checked(after.when(check('slot-2', 27_500))())).toEqual([
      {
        checkKey: 'slot-2',
        cheapestMinor: 27_500,
        currency: 'USD',
        departureDate: '2027-02-03',
        cost: 1,
        baselineMinor: 30_000,
        dropped: true,
      },
    ]);
    expect(checked(after.when(check('slot-2', 28_000))())[0]).toMatchObject({ dropped: false });
  });

  it('after a drop the baseline is the new price: the same price again is no second email', () => {
    const afterDrop = given(start('cus_1'), check('slot-1', 30_000), check('slot-2', 27_000));
    expect(afterDrop.state.baselineMinor).toBe(27_000);
    expect(checked(afterDrop.when(check('slot-3', 27_000))())[0]).toMatchObject({ dropped: false });
  });

  it('nothing on sale is recorded without a drop and keeps the baseline', () => {
    const empty = given(start('cus_1'), check('slot-1', 30_000), check('slot-2', null));
    expect(empty.state.baselineMinor).toBe(30_000);
  });

  it('the same slot checked twice (a retried job) records one check', () => {
    expect(given(start('cus_1'), check('slot-1', 30_000)).when(check('slot-1', 20_000))()).toEqual([]);
  });

  it('stopped (by the traveller or the unsubscribe link): once, and never checked again', () => {
    const stopped = given(start(null), { type: 'ConfirmTracking' }, { type: 'StopTracking', by: 'unsubscribe' });
    expect(stopped.state.status).toBe('stopped');
    expect(stopped.when({ type: 'StopTracking', by: 'traveller' })()).toEqual([]);
    expect(stopped.when(check('slot-1', 100))()).toEqual([]);
  });

  it('refuses to confirm or stop an alert that does not exist, and to start one twice', () => {
    expect(given().when({ type: 'ConfirmTracking' })).toThrow(TrackingRefusal);
    expect(given().when({ type: 'StopTracking', by: 'traveller' })).toThrow('Price alert not found');
    expect(given(start('cus_1')).when(start('cus_1'))).toThrow('This price alert exists already');
  });
});
