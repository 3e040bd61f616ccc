import { describe, expect, it } from 'vitest';
import type { BookingEvent } from './events.js';
import { foldBooking } from './state.js';
import { cmd, confirmedBooking, checkout, ev, given, LATER } from '../test-support/decider-spec.js';

/** What the state table adds to the rules: each phase answers commands it does not take in its own words. */
describe('the state table', () => {
  const completed: BookingEvent = { type: 'BookingCompleted', data: { at: LATER } };
  const cancelled = [...confirmedBooking(), ev.cancelling(), ev.orderCancelled(0), ev.cancelled()];

  it('refuses checkout commands after the checkout, naming the phase', () => {
    const passengers = cmd('ProvidePassengers', { passengers: [] });
    given(confirmedBooking()).when(passengers).thenRefused('ALREADY_CONFIRMED');
    given(cancelled).when(passengers).thenRefused('ALREADY_CANCELLED');
    given([...confirmedBooking(), completed])
      .when(passengers)
      .thenRefused('ALREADY_COMPLETED');
    given([...checkout(), ev.orderFailed()])
      .when(passengers)
      .thenRefused('BOOKING_FAILED');
    given([...confirmedBooking(), ev.cancelling()])
      .when(passengers)
      .thenRefused('CANCELLATION_IN_PROGRESS');
  });

  it('refuses to cancel a trip that is over', () =>
    given([...confirmedBooking(), completed])
      .when(cmd('RequestCancellation', { requestedBy: 'u1', quoteId: null }))
      .thenRefused('ALREADY_COMPLETED'));

  it('records a stray order of a failed booking once, and the order shows as cancelled', () => {
    const stray = cmd('RecordStrayOrderCancelled', {
      orderId: 'ord_9',
      bookingReference: 'ABC123',
      cancellationId: 'ore_9',
      reason: 'the booking had failed',
    });
    const failed = [...checkout(), ev.orderFailed()];
    given(failed)
      .when(stray)
      .then([{ type: 'StrayOrderCancelled', data: stray.data }]);
    const after = foldBooking([...failed, { type: 'StrayOrderCancelled', data: stray.data }]);
    expect(after.order).toEqual({ orderId: 'ord_9', bookingReference: 'ABC123', cancelled: true });
    given([...failed, { type: 'StrayOrderCancelled', data: stray.data }])
      .when(stray)
      .then([]);
    given(confirmedBooking()).when(stray).thenRefused('ALREADY_CONFIRMED');
  });

  it('moves a confirmed trip when the airline reschedules it, and only when the times change', () => {
    const moved = cmd('RecordTripRescheduled', {
      departsAt: '2026-12-22T18:05:00.000Z',
      arrivesAt: '2026-12-23T06:00:00.000Z',
      reason: 'schedule change',
    });
    given(confirmedBooking())
      .when(moved)
      .then([{ type: 'TripRescheduled', data: moved.data }]);
    const after = foldBooking([...confirmedBooking(), { type: 'TripRescheduled', data: moved.data }]);
    expect(after.booking).toMatchObject({ departsAt: moved.data.departsAt, arrivesAt: moved.data.arrivesAt });
    given([...confirmedBooking(), { type: 'TripRescheduled', data: moved.data }])
      .when(moved)
      .then([]);
    given(cancelled).when(moved).thenRefused('ALREADY_CANCELLED');
  });
});
