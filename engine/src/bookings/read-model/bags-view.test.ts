import { describe, expect, it } from 'vitest';
import type { BookingEvent } from '../domain/events.js';
import { confirmationEmail } from '../email/confirmation-email.js';
import { bookingRowOf } from './row.js';
import { bookingViewOf } from './view.js';

/** Issue 35: the bags chosen at checkout (BagsSelected) show after the sale, from the read model. */
describe('bags bought, in the bookings read model and the confirmation email', () => {
  const at = '2026-11-22T12:00:00.000Z';
  const place = (code: string, city: string) => ({ iata_code: code, city_name: city, name: code, country_code: 'US' });
  const segment = (id: string, from: string, to: string) => ({
    id,
    departing_at: '2026-12-20T13:05:00',
    arriving_at: '2026-12-20T16:05:00',
    origin: place(from, from),
    destination: place(to, to),
    duration: 'PT3H',
    flight_number: 'AA100',
    operating_carrier: { name: 'American Airlines', iata_code: 'AA', logo_url: null },
  });
  const started: BookingEvent = {
    type: 'BookingStarted',
    data: {
      bookingId: 'b1',
      brandKey: 'default',
      offerId: 'off_1',
      customerId: 'u1',
      price: { amount: 55_400, currency: 'USD' },
      offerExpiresAt: '2026-11-22T12:30:00.000Z',
      passportRequired: false,
      cancellable: true,
      departsAt: '2026-12-20T18:05:00.000Z',
      arrivesAt: '2026-12-20T21:05:00.000Z',
      itinerary: {
        slices: [
          {
            id: 'sl_1',
            origin: place('JFK', 'New York'),
            destination: place('LHR', 'London'),
            departure_time: '2026-12-20T13:05:00',
            arrival_time: '2026-12-21T06:00:00',
            duration: 'PT12H',
            segments: [segment('seg_1', 'JFK', 'BOS'), segment('seg_2', 'BOS', 'LHR')],
          },
        ],
        conditions: { refundable: false, cancellation_options: [] },
        supplied: { amount: '450.00', currency: 'USD' },
        passengers: [{ id: 'pas_1', type: 'adult' }],
      },
      at,
    },
  };
  const bags: BookingEvent = {
    type: 'BagsSelected',
    data: {
      bags: [
        {
          serviceId: 'ase_1',
          kind: 'checked',
          passengerIds: ['pas_1'],
          segmentIds: ['seg_1', 'seg_2'],
          quantity: 1,
          price: { amount: 4_500, currency: 'USD' },
        },
      ],
      at,
    },
  };
  const paid: BookingEvent[] = [
    {
      type: 'PaymentAuthorized',
      data: { paymentId: 'pi_1', amount: { amount: 59_900, currency: 'USD' }, cardLast4: '4242', at },
    },
    { type: 'OrderCreated', data: { orderId: 'ord_1', bookingReference: 'P5ZNF7', providerTotal: null, at } },
    {
      type: 'PaymentCaptured',
      data: { paymentId: 'pi_1', amount: { amount: 59_900, currency: 'USD' }, fee: null, at },
    },
    { type: 'BookingConfirmed', data: { orderId: 'ord_1', bookingReference: 'P5ZNF7', at } },
  ];
  const jane = [{ id: 'pas_1', type: 'adult', given_name: 'Jane', family_name: 'Doe' }];

  it('keeps the bags BagsSelected recorded on the row, and the view lists them with their price', () => {
    const row = bookingRowOf([started, bags, ...paid].map((event) => ({ event, at })))!;
    expect(row.bags).toEqual(bags.type === 'BagsSelected' ? bags.data.bags : []);
    const view = bookingViewOf(row, new Date(at), jane);
    expect(view.bookingData.bags).toEqual([
      {
        kind: 'checked',
        quantity: 1,
        passenger_ids: ['pas_1'],
        segment_ids: ['seg_1', 'seg_2'],
        amount: '45.00',
        currency: 'USD',
      },
    ]);
    expect(view.bookingData.total_amount).toBe('599.00');
  });

  it('says in the confirmation and cancellation emails which bags were bought, for whom, on which flights', () => {
    const row = bookingRowOf([started, bags, ...paid].map((event) => ({ event, at })))!;
    const email = confirmationEmail(bookingViewOf(row, new Date(at), jane), 'SkyFares', 'confirmed');
    expect(email.text).toContain('Bags: 1 checked bag: Jane Doe, JFK → LHR ($45)');
    expect(email.text).toContain('Total paid: $599 (card ending 4242)');
    expect(email.html).toContain('Bags: 1 checked bag: Jane Doe, JFK → LHR ($45)');
    const cancelled = confirmationEmail(bookingViewOf(row, new Date(at), jane), 'SkyFares', 'cancelled');
    expect(cancelled.text).toContain('Bags: 1 checked bag: Jane Doe, JFK → LHR ($45)');
  });

  it('shows no bags for a booking without them', () => {
    const row = bookingRowOf([started, ...paid].map((event) => ({ event, at })))!;
    const view = bookingViewOf(row, new Date(at), jane);
    expect(view.bookingData.bags).toEqual([]);
    expect(confirmationEmail(view, 'SkyFares', 'confirmed').text).not.toContain('Bags:');
  });
});
