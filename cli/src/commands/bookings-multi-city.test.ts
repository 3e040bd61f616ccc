import { adminBookingSchema } from '@contrail/shared/booking/view';
import { describe, expect, it } from 'vitest';
import { describe as describeBooking } from './bookings.js';

/** Issue 34: `contrail bookings show` names each flight of a multi-city trip with when it leaves. */
describe('bookings show for a multi-city trip', () => {
  const place = (code: string) => ({ iata_code: code, city_name: code, name: code, country_code: 'US' });
  const slice = (id: string, from: string, to: string, departs: string) => ({
    id,
    origin: place(from),
    destination: place(to),
    duration: 'PT7H',
    departure_time: departs,
    arrival_time: departs,
    segments: [
      {
        id: `seg_${id}`,
        origin: place(from),
        destination: place(to),
        departing_at: departs,
        arriving_at: departs,
        duration: 'PT7H',
        flight_number: 'BA100',
        operating_carrier: { name: 'BA', iata_code: 'BA', logo_url: null },
      },
    ],
  });
  const booking = (slices: ReturnType<typeof slice>[]) =>
    adminBookingSchema.parse({
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
        slices,
        passengers: [{ id: 'pas_1', type: 'adult', given_name: 'J.', family_name: 'D.' }],
        conditions: { refundable: false, cancellation_options: [] },
        total_amount: '999.00',
        total_currency: 'USD',
        card_last4: '4242',
        seats: [],
        bags: [],
        refund: null,
      },
    });

  it('lists every flight with its departure', () => {
    const lines = describeBooking(
      booking([
        slice('s1', 'JFK', 'LHR', '2026-12-20T18:00:00'),
        slice('s2', 'LHR', 'CDG', '2026-12-23T09:00:00'),
        slice('s3', 'CDG', 'JFK', '2026-12-28T11:00:00'),
      ]),
      'UTC',
    ).split('\n');
    expect(lines.find((line) => line.startsWith('Route:'))).toContain('JFK-LHR, LHR-CDG, CDG-JFK');
    expect(lines.some((line) => /^Flight 2: +LHR-CDG, departs 2026-12-23T09:00:00$/.test(line))).toBe(true);
    expect(lines.some((line) => /^Flight 3: +CDG-JFK, departs 2026-12-28T11:00:00$/.test(line))).toBe(true);
  });

  it('adds nothing to a return trip', () => {
    const text = describeBooking(
      booking([slice('s1', 'JFK', 'LHR', '2026-12-20T18:00:00'), slice('s2', 'LHR', 'JFK', '2026-12-27T09:00:00')]),
      'UTC',
    );
    expect(text).not.toContain('Flight 1');
  });
});
