import { adminBookingSchema } from '@contrail/shared/booking/view';
import { historyStateSchema } from '@contrail/shared/admin/operations';
import { describe, expect, it } from 'vitest';
import { describe as describeBooking, stateLine } from './bookings.js';

/** Issue 35: `contrail bookings show` lists the bags bought, and `history` counts them in each state. */
describe('bookings show and history with bags', () => {
  const place = (code: string) => ({ iata_code: code, city_name: code, name: code, country_code: 'US' });
  const segment = (id: string, from: string, to: string, flight: string) => ({
    id,
    origin: place(from),
    destination: place(to),
    departing_at: '2026-12-20T13:05:00',
    arriving_at: '2026-12-20T14:05:00',
    duration: 'PT1H',
    flight_number: flight,
    operating_carrier: { name: flight.slice(0, 2), iata_code: flight.slice(0, 2), logo_url: null },
  });
  const booking = adminBookingSchema.parse({
    id: 'bk_1',
    duffelBookingId: 'P5ZNF7',
    reference: 'P5ZNF7',
    status: 'confirmed',
    createdAt: '2026-11-22T10:00:00.000Z',
    updatedAt: '2026-11-22T10:01:00.000Z',
    canCancel: false,
    pendingReason: null,
    failureCode: null,
    brandKey: 'default',
    customerId: null,
    offerId: 'off_1',
    paymentId: 'pi_1',
    paymentStatus: 'captured',
    failure: null,
    bookingData: {
      id: 'bk_1',
      booking_reference: 'P5ZNF7',
      slices: [
        {
          id: 'sl_1',
          origin: place('JFK'),
          destination: place('LHR'),
          duration: 'PT12H',
          departure_time: '2026-12-20T13:05:00',
          arrival_time: '2026-12-21T06:00:00',
          segments: [segment('seg_1', 'JFK', 'BOS', 'AA100'), segment('seg_2', 'BOS', 'LHR', 'BA200')],
        },
      ],
      passengers: [{ id: 'pas_1', type: 'adult', given_name: 'J.', family_name: 'D.' }],
      conditions: { refundable: false, cancellation_options: [] },
      total_amount: '599.00',
      total_currency: 'USD',
      card_last4: '4242',
      seats: [],
      bags: [
        {
          kind: 'checked',
          quantity: 2,
          passenger_ids: ['pas_1'],
          segment_ids: ['seg_1', 'seg_2'],
          amount: '90.00',
          currency: 'USD',
        },
      ],
      refund: null,
    },
  });

  it('lists each bag service bought among the booking lines of show', () => {
    const lines = describeBooking(booking, 'UTC').split('\n');
    expect(lines).toContain('Bags:       2 checked bags: J. D., JFK → LHR (90.00 USD)');
    expect(lines.findIndex((line) => line.startsWith('Bags:'))).toBeGreaterThan(
      lines.findIndex((line) => line.startsWith('Total:')),
    );
  });

  it('shows no bags line for a booking without bags', () => {
    const without = { ...booking, bookingData: { ...booking.bookingData, bags: [] } };
    expect(describeBooking(without, 'UTC')).not.toContain('Bags:');
  });

  it("counts the bags in each history state, and reads an older engine's states without bags", () => {
    const state = historyStateSchema.parse({
      phase: 'confirmed',
      status: 'confirmed',
      customerId: null,
      price: { amount: 55_400, currency: 'USD' },
      offerExpired: false,
      passengers: [],
      erasedPassengerIds: [],
      seats: [],
      bags: [{ kind: 'checked', quantity: 2, serviceId: 'ase_1' }],
      payment: null,
      order: null,
      failure: null,
    });
    expect(stateLine(state)).toBe('confirmed · price 554.00 USD · 2 bags');
    const older = historyStateSchema.parse({ ...state, bags: undefined });
    expect(stateLine(older)).toBe('confirmed · price 554.00 USD');
  });
});
