import type { FlightOffer } from '@contrail/shared';
import { cardAttemptsLimitedMessage, RATE_LIMITED } from '@contrail/shared/booking/card-attempts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '@contrail/shared/test-support/time-scale';
import type { SqlClient } from '../../storage/sql.js';
import { sqlBackends } from '../../test-support/sql.js';
import {
  authorize,
  bookingHarness,
  DECLINED_CARD,
  searchOffers,
  type BookingHarness,
} from '../test-support/booking-harness.js';

/** Issue 39 item 4: POST /api/payments/process-card answers 429 with Retry-After past its limits. */
describe('process-card rate limit', { timeout: scaled(120_000) }, () => {
  let sql: SqlClient;
  let harness: BookingHarness;
  let offers: FlightOffer[];

  beforeAll(async () => {
    sql = await sqlBackends()[0]!.open();
    harness = await bookingHarness(sql, { workers: false, cardAttempts: { perOffer: 6, declineWeight: 3 } });
    offers = await searchOffers(harness);
  }, scaled(120_000));
  afterAll(async () => {
    await harness?.close();
    await sql?.close();
  });

  const authorizations = async () =>
    (await harness.deps.eventStore.readAll({ maxCount: 10_000 })).filter(
      (event) => event.type === 'CardPaymentAuthorized',
    ).length;

  it('weighs a decline 3: after a decline and a hold on an offer limited to 6 the next attempt is refused, and asks no card', async () => {
    const [offer, other] = offers as [FlightOffer, FlightOffer];
    expect((await authorize(harness, offer, DECLINED_CARD)).status).toBe(402);
    expect((await authorize(harness, offer)).status).toBe(200);
    const before = await authorizations();

    const refused = await authorize(harness, offer);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(refused.body).toEqual({
      success: false,
      error: RATE_LIMITED,
      message: cardAttemptsLimitedMessage(retryAfter),
    });
    expect(await authorizations()).toBe(before);

    expect((await authorize(harness, other)).status).toBe(200);
  });
});
