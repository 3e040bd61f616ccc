import { afterEach, describe, expect, it, vi } from 'vitest';
import { sqlBackends } from '../../test-support/sql.js';
import { TEST_CARD, traveller } from '../test-support/booking-harness.js';
import { harnessPerBackend } from '../test-support/harness-per-backend.js';

// Ids a client could send that no provider ever made: path tricks, other prefixes, spaces, overlong.
const MALFORMED = ['../air/orders', 'off_a/b', 'offer-1', 'off_a b', `off_${'a'.repeat(201)}`];
const INVALID_OFFER_ID = 'Offer ID is invalid: flight offer ids look like off_...';

describe('malformed offer ids', () => {
  const harness = harnessPerBackend(sqlBackends()[0]!, { workers: false });
  afterEach(() => vi.restoreAllMocks());

  function providerCalls() {
    const flights = harness.deps.flights!;
    return [vi.spyOn(flights, 'getOffer'), vi.spyOn(flights, 'getSeatMaps')];
  }

  it('are refused with 400 by process-card and bookings, before the provider is asked', async () => {
    const calls = providerCalls();
    for (const [index, offerId] of MALFORMED.entries()) {
      const payment = await harness
        .api()
        .post('/api/payments/process-card')
        .set('Idempotency-Key', `card-${index}`)
        .send({ offerId, amount: 100, currency: 'USD', cardDetails: TEST_CARD });
      expect(payment.status, offerId).toBe(400);
      expect(payment.body.errors).toEqual([{ path: 'offerId', message: INVALID_OFFER_ID }]);

      const booking = await harness
        .api()
        .post('/api/bookings')
        .set('Idempotency-Key', `booking-${index}`)
        .send({
          offerId,
          passengers: [traveller()],
          paymentDetails: { amount: 100, currency: 'USD' },
          paymentId: 'pay_1',
        });
      expect(booking.status, offerId).toBe(400);
      expect(booking.body.errors).toEqual([{ path: 'offerId', message: INVALID_OFFER_ID }]);
    }
    for (const call of calls) expect(call).not.toHaveBeenCalled();
  });

  it('are refused with 400 by the offer, seat map and verification routes, before the provider is asked', async () => {
    const calls = providerCalls();
    for (const offerId of MALFORMED.map(encodeURIComponent)) {
      for (const route of ['offer', 'seatmaps', 'verify-offer']) {
        const answer = await harness.api().get(`/api/flights/${route}/${offerId}`);
        expect(answer.status, `${route} ${offerId}`).toBe(400);
        expect(answer.body.message).toBe(INVALID_OFFER_ID);
      }
    }
    for (const call of calls) expect(call).not.toHaveBeenCalled();
  });
});
