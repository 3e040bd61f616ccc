import { describe, expect, it } from 'vitest';
import { strongPassword, usernameFrom } from './checkout/account-for-booking.js';
import { withExtras } from './checkout/price-check.js';
import type { BookingEvent } from './domain/events.js';
import { e164 } from '@contrail/shared/booking/phone';
import { chargeFor } from './domain/pricing.js';
import { DEFAULT_PRICING } from '@contrail/shared/pricing/pricing';
import { offer } from '@contrail/shared/results/test-support/offer-fixture';
import { confirmationEmail } from './email/confirmation-email.js';
import { bookingRowOf } from './read-model/row.js';
import { bookingViewOf, statusOf } from './read-model/view.js';

describe('pure parts of the booking saga', () => {
  it('charges the shared customer price in minor units, recording the rule and the provider amount', () => {
    expect(chargeFor(offer('o', { total_amount: '450.00', total_currency: 'usd' }), DEFAULT_PRICING)).toEqual({
      // 450.00 x 1.23 = 553.50, charged in whole dollars.
      price: { amount: 55_400, currency: 'USD' },
      pricing: {
        ruleId: 'default',
        provider: { amount: 45_000, currency: 'USD' },
        margin: { amount: 10_400, currency: 'USD' },
      },
    });
    expect(chargeFor(offer('o', { total_amount: '1000', total_currency: 'JPY' }), DEFAULT_PRICING).price).toEqual({
      amount: 1_230,
      currency: 'JPY',
    });
    // Whole units: 412.37 x 1.23 = 507.2151, charged as 508.00.
    expect(chargeFor(offer('o', { total_amount: '412.37' }), DEFAULT_PRICING).price.amount).toBe(50_800);
    expect(withExtras({ amount: 55_350, currency: 'USD' }, [{ price: { amount: 1_500, currency: 'USD' } }])).toEqual({
      amount: 56_850,
      currency: 'USD',
    });
  });

  it('reads phone numbers as E.164, or refuses them', () => {
    expect(e164('+44 20 8016 0509')).toBe('+442080160509');
    expect(e164('(212) 555-0100')).toBe('+12125550100');
    expect(e164('0044 20 8016 0509')).toBe('+442080160509');
    expect(e164('12')).toBeNull();
    expect(e164(undefined)).toBeNull();
  });

  it('derives usernames from emails and makes strong passwords', () => {
    expect(usernameFrom('Jane.Doe+trips@example.com')).toBe('jane.doe');
    expect(usernameFrom('jo@example.com')).toBe('jotraveller');
    for (let i = 0; i < 20; i += 1) {
      expect(strongPassword()).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{22}$/);
    }
  });

  it('shows phases as the seed statuses', () => {
    expect(
      ['started', 'cancelling', 'confirmed', 'completed', 'cancelled', 'failed'].map((phase) =>
        statusOf(phase as never),
      ),
    ).toEqual(['pending', 'pending', 'confirmed', 'completed', 'cancelled', 'failed']);
  });

  it('presents a confirmed booking in the stored-booking shape and its email', () => {
    const at = '2026-11-22T12:00:00.000Z';
    const events: BookingEvent[] = [
      {
        type: 'BookingStarted',
        data: {
          bookingId: 'b1',
          brandKey: 'default',
          offerId: 'off_1',
          customerId: 'u1',
          price: { amount: 55_350, currency: 'USD' },
          offerExpiresAt: '2026-11-22T12:30:00.000Z',
          passportRequired: false,
          cancellable: true,
          departsAt: '2026-12-20T18:05:00.000Z',
          arrivesAt: '2026-12-20T21:05:00.000Z',
          itinerary: {
            slices: [
              {
                id: 'sl_1',
                origin: { iata_code: 'JFK', city_name: 'New York', name: 'JFK', country_code: 'US' },
                destination: { iata_code: 'LAX', city_name: 'Los Angeles', name: 'LAX', country_code: 'US' },
                departure_time: '2026-12-20T13:05:00',
                arrival_time: '2026-12-20T16:05:00',
                duration: 'PT6H',
                segments: [],
              },
            ],
            conditions: {
              refundable: true,
              cancellation_options: [
                { type: 'refund_before_departure', penalty_amount: '50.00', penalty_currency: 'USD' },
              ],
            },
            supplied: { amount: '450.00', currency: 'USD' },
            passengers: [{ id: 'pas_1', type: 'adult' }],
          },
          at,
        },
      },
      {
        type: 'PaymentAuthorized',
        data: { paymentId: 'pi_1', amount: { amount: 55_350, currency: 'USD' }, cardLast4: '4242', at },
      },
      {
        type: 'OrderCreated',
        data: { orderId: 'ord_00009hthhsuzgf', bookingReference: 'P5ZNF7', providerTotal: null, at },
      },
      {
        type: 'PaymentCaptured',
        data: { paymentId: 'pi_1', amount: { amount: 55_350, currency: 'USD' }, fee: null, at },
      },
      { type: 'BookingConfirmed', data: { orderId: 'ord_00009hthhsuzgf', bookingReference: 'P5ZNF7', at } },
    ];
    const row = bookingRowOf(events.map((event) => ({ event, at })))!;
    const view = bookingViewOf(row, new Date(at), [
      { id: 'pas_1', type: 'adult', given_name: 'Jane', family_name: 'Doe' },
    ]);
    expect(view).toMatchObject({
      id: 'b1',
      duffelBookingId: 'P5ZNF7',
      reference: 'P5ZNF7',
      status: 'confirmed',
      canCancel: true,
      bookingData: { total_amount: '553.50', total_currency: 'USD', card_last4: '4242' },
    });
    expect(bookingViewOf(row, new Date('2026-12-21T00:00:00Z'), []).canCancel).toBe(false);
    const email = confirmationEmail(view, 'SkyFares', 'confirmed');
    expect(email.subject).toBe('Booking Confirmed - P5ZNF7');
    expect(email.text).toContain('New York (JFK) to Los Angeles (LAX)');
    expect(email.text).toContain('Total paid: $553.50 (card ending 4242)');
    expect(email.html).toContain('Dear Jane Doe,');

    // Issue 20 items 2 and 4: the seats bought, and after a cancellation the refund as quoted.
    const after = [
      ...events,
      {
        type: 'SeatsSelected',
        data: {
          seats: [
            {
              passengerId: 'pas_1',
              segmentId: 'seg_x',
              designator: '12A',
              serviceId: 'ase_1',
              price: { amount: 0, currency: 'USD' },
            },
          ],
          at,
        },
      },
      {
        type: 'CancellationQuoted',
        data: {
          quoteId: 'ore_1',
          airlineRefund: 40_000,
          refund: { amount: 40_000, currency: 'USD' },
          airlineFee: 5_000,
          serviceFee: 10_350,
          markupKeptOnRefund: true,
          expiresAt: '2026-11-22T12:30:00.000Z',
          at,
        },
      },
      { type: 'CancellationRequested', data: { requestedBy: 'u1', quoteId: 'ore_1', at } },
      { type: 'OrderCancelled', data: { cancellationId: 'ore_1', refund: { amount: 40_000, currency: 'USD' }, at } },
      {
        type: 'RefundIssued',
        data: { refundId: 're_1', paymentId: 'pi_1', amount: { amount: 40_000, currency: 'USD' }, at },
      },
      { type: 'BookingCancelled', data: { at } },
    ] as BookingEvent[];
    const cancelledRow = bookingRowOf(after.map((event) => ({ event, at })))!;
    const cancelled = bookingViewOf(cancelledRow, new Date(at), [
      { id: 'pas_1', type: 'adult', given_name: 'Jane', family_name: 'Doe' },
    ]);
    expect(cancelled.bookingData.seats).toEqual([{ passenger_id: 'pas_1', segment_id: 'seg_x', designator: '12A' }]);
    expect(cancelled.bookingData.refund).toMatchObject({ amount: '400.00', status: 'issued', cardLast4: '4242' });
    const notice = confirmationEmail(cancelled, 'SkyFares', 'cancelled');
    expect(notice.text).toContain('Seat 12A: Jane Doe, Flight');
    expect(notice.text).toContain('Refund: $400 to your card ending 4242.');
    expect(notice.text).toContain('Airline cancellation fee kept: $50.');
    expect(notice.text).toContain('Service fee kept: $103.50.');
  });
});
