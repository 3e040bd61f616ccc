import { describe, expect, it } from 'vitest';
import type { BookingEvent } from './events.js';
import { foldBooking } from './state.js';
import {
  ARRIVES,
  DEPARTS,
  EXPIRES,
  LATER,
  cmd,
  confirmedBooking,
  ev,
  given,
  usd,
} from '../test-support/decider-spec.js';

const flight = (departingAt: string, arrivingAt: string) => ({
  flight: 'BA 117',
  origin: 'LHR',
  destination: 'JFK',
  departingAt,
  arrivingAt,
});

const change = (changeId: string, changedAt: string, departsAt: string, arrivesAt: string) =>
  cmd('RecordScheduleChange', {
    changeId,
    orderId: 'ord_0000abcdef',
    before: [flight('2026-12-20T18:05:00', '2026-12-21T01:00:00')],
    after: [flight('2026-12-20T19:40:00', '2026-12-21T02:35:00')],
    changedAt,
    departsAt,
    arrivesAt,
  });

const MOVED_DEPARTS = '2026-12-20T19:40:00.000Z';
const MOVED_ARRIVES = '2026-12-21T07:35:00.000Z';
const first = change('aic_1', '2026-11-22T12:05:00.000Z', MOVED_DEPARTS, MOVED_ARRIVES);

/** The events a command's decision appends, as they would be recorded. */
const detected = (command: typeof first): BookingEvent[] => {
  const { departsAt: _d, arrivesAt: _a, ...data } = command.data;
  return [{ type: 'ScheduleChangeDetected', data }];
};
const rescheduled = (changeId: string, departsAt: string, arrivesAt: string): BookingEvent => ({
  type: 'TripRescheduled',
  data: { departsAt, arrivesAt, reason: `airline schedule change ${changeId}`, at: LATER },
});
const afterFirst = () => [
  ...confirmedBooking(),
  ...detected(first),
  rescheduled('aic_1', MOVED_DEPARTS, MOVED_ARRIVES),
];

describe('airline schedule changes (issue #36)', () => {
  it('records a change and moves the trip to its new times', () => {
    given(confirmedBooking())
      .when(first)
      .then([...detected(first), rescheduled('aic_1', MOVED_DEPARTS, MOVED_ARRIVES)]);
    const state = foldBooking(afterFirst());
    expect(state.booking).toMatchObject({ departsAt: MOVED_DEPARTS, arrivesAt: MOVED_ARRIVES });
    expect(state.phase === 'confirmed' && state.scheduleChanges).toEqual([
      { changeId: 'aic_1', changedAt: first.data.changedAt, status: 'pending' },
    ]);
  });

  it('records a change reported twice once (Duffel delivers at least once)', () =>
    given(afterFirst()).when(first).then([]));

  it('lets an older change reported late be recorded without moving the trip back', () => {
    const older = change('aic_0', '2026-11-22T11:00:00.000Z', DEPARTS, ARRIVES);
    given(afterFirst()).when(older).then(detected(older));
  });

  it('refuses a change about another order, and ignores changes once the booking is cancelled', () => {
    given(confirmedBooking())
      .when({ ...first, data: { ...first.data, orderId: 'ord_other' } })
      .thenRefused('NOT_FOUND');
    given([...confirmedBooking(), ev.cancelling(), ev.orderCancelled(0), ev.cancelled()])
      .when(first)
      .then([]);
  });

  it('accepts a pending change once', () => {
    const accept = cmd('AcceptScheduleChange', { changeId: 'aic_1', requestedBy: 'u1' });
    given(afterFirst())
      .when(accept)
      .then([{ type: 'ScheduleChangeAccepted', data: accept.data }]);
    given([...afterFirst(), { type: 'ScheduleChangeAccepted', data: accept.data }])
      .when(accept)
      .thenRefused('NO_SCHEDULE_CHANGE');
    given(confirmedBooking()).when(accept).thenRefused('NO_SCHEDULE_CHANGE');
  });

  it('declines with a full refund, whatever the fare rules, and hands the cancellation to the saga', () => {
    const decline = cmd('DeclineScheduleChange', {
      changeId: 'aic_1',
      requestedBy: 'u1',
      quote: { quoteId: 'ore_9', airlineRefund: 45_000, expiresAt: EXPIRES },
    });
    const events = [...afterFirst()];
    events[0] = ev.started({ cancellable: false });
    given(events)
      .when(decline)
      .then([
        { type: 'ScheduleChangeDeclined', data: { changeId: 'aic_1', requestedBy: 'u1', at: LATER } },
        {
          type: 'CancellationQuoted',
          data: {
            quoteId: 'ore_9',
            airlineRefund: 45_000,
            expiresAt: EXPIRES,
            refund: usd(55_350),
            airlineFee: 0,
            serviceFee: 0,
            markupKeptOnRefund: false,
            at: LATER,
          },
        },
        { type: 'CancellationRequested', data: { requestedBy: 'u1', quoteId: 'ore_9', at: LATER } },
      ]);
  });

  it('refuses to decline after departure, and support must give a reason', () => {
    const decline = (at: string, staff?: { userId: string; username: string; reason: string }) =>
      cmd(
        'DeclineScheduleChange',
        {
          changeId: 'aic_1',
          requestedBy: 'u1',
          quote: { quoteId: 'ore_9', airlineRefund: 45_000, expiresAt: EXPIRES },
          ...(staff && { staff }),
        },
        at,
      );
    given(afterFirst()).when(decline('2026-12-21T00:00:00.000Z')).thenRefused('ALREADY_DEPARTED');
    given(afterFirst())
      .when(decline(LATER, { userId: 's1', username: 'sam', reason: 'x' }))
      .thenRefused('VALIDATION_ERROR');
  });

  it('completes the trip only once the new arrival has passed', () => {
    const complete = (at: string) => cmd('CompleteBooking', {}, at);
    given(afterFirst()).when(complete('2026-12-21T07:00:00.000Z')).thenRefused('TRIP_NOT_OVER');
    given(afterFirst())
      .when(complete('2026-12-21T08:00:00.000Z'))
      .then([{ type: 'BookingCompleted', data: { at: '2026-12-21T08:00:00.000Z' } }]);
  });
});
