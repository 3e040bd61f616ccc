import type { FlightOffer } from '@contrail/shared';
import { cardAttemptsLimitedMessage, RATE_LIMITED } from '@contrail/shared/booking/card-attempts';
import { beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { sqlBackends } from '../../test-support/sql.js';
import { authorize, DECLINED_CARD, searchOffers } from '../test-support/booking-harness.js';
import { harnessPerBackend } from '../test-support/harness-per-backend.js';

/** Issue 39 item 4: POST /api/payments/process-card answers 429 with Retry-After past its limits. */
describe('process-card rate limit', { timeout: scaled(120_000) }, () => {
  const harness = harnessPerBackend(sqlBackends()[0]!, {
    workers: false,
    cardAttempts: { perOffer: 6, declineWeight: 3 },
  });
  let offers: FlightOffer[];

  beforeAll(async () => {
    offers = await searchOffers(harness);
  }, scaled(120_000));

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
