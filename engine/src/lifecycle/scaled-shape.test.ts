import type { FlightOffer } from '@contrail/shared';
import { isInternationalOffer } from '@contrail/shared/booking/international';
import { customerAmount } from '@contrail/shared/pricing/price-offer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxCredentials } from '@contrail/sandboxes/credentials';
import { eventually } from '../test-support/eventually.js';
import { scaledStack, type ScaledStack } from '../test-support/processes.js';
import { serviceUrl } from '../test-support/services.js';
import { scaled } from '@contrail/shared/test-support/time-scale';

const databaseUrl = serviceUrl('DATABASE_URL');
const redisUrl = serviceUrl('REDIS_URL');

async function json(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error(`${response.status}: ${text}`);
  }
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await json(response) };
}

/**
 * Issue 15 item 9, without Docker: docker-compose.yml's shape from environment variables (the
 * sandboxes process, two engines reaching it through SANDBOX_URL, one worker reaching it too) on
 * the machine's PostgreSQL and Redis. A booking started on one engine is ordered by the worker,
 * through the sandboxes, and read back confirmed on the other engine.
 */
describe.runIf(databaseUrl && redisUrl)('the scaled shape (two engines, one worker, the sandboxes process)', () => {
  let stack: ScaledStack;

  beforeAll(async () => {
    stack = await scaledStack({ databaseUrl: databaseUrl!, redisUrl: redisUrl!, engines: 2, workers: 1 });
  }, scaled(180_000));
  afterAll(async () => {
    await stack?.stop();
  }, scaled(60_000));

  it('books end to end across the engines, the worker making the order through the sandboxes', async () => {
    const [first, second] = stack.engines as [ScaledStack['engines'][0], ScaledStack['engines'][0]];
    const departure = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const search = await fetch(
      `${first.url}/api/flights/search?origin=JFK&destination=LAX&departureDate=${departure}&adultsCount=1`,
    );
    expect(search.status).toBe(200);
    const offers = ((await json(search)).offers as FlightOffer[]).filter((offer) => !isInternationalOffer(offer));
    const offer = offers[0]!;
    const price = { amount: customerAmount(offer), currency: offer.total_currency };

    const payment = await post(`${second.url}/api/payments/process-card`, {
      offerId: offer.id,
      ...price,
      cardDetails: {
        number: '4242 4242 4242 4242',
        expiryMonth: '12',
        expiryYear: '34',
        cvv: '123',
        holderName: 'Jane Traveller',
      },
    });
    expect(payment.body, JSON.stringify(payment.body)).toMatchObject({ success: true });

    const booking = {
      offerId: offer.id,
      passengers: [
        {
          id: 'p1',
          type: 'adult',
          title: 'ms',
          firstName: 'Jane',
          lastName: 'Traveller',
          gender: 'female',
          dateOfBirth: '1990-04-12',
          email: 'scaled.shape@example.com',
          phone: '+1 212 555 0100',
        },
      ],
      paymentDetails: { ...price, cardDetails: { holderName: 'Jane Traveller' } },
      paymentId: payment.body.paymentId,
    };
    const key = { 'Idempotency-Key': `scaled-${Date.now()}` };
    let answer = await post(`${first.url}/api/bookings`, booking, key);
    // A 202 means the worker has not finished yet: the browser asks again with the same key.
    for (let attempt = 0; answer.status === 202 && attempt < 60; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      answer = await post(`${second.url}/api/bookings`, booking, key);
    }
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const reference = String(answer.body.duffelBookingId);

    // The lookup reads the bookings read model, which the engines' projections update once woken by
    // the worker's commit: it may say pending for a moment after the 201.
    const lookup = await eventually(
      async () =>
        json(
          await fetch(
            `${second.url}/api/bookings/lookup?reference=${encodeURIComponent(reference)}&email=scaled.shape%40example.com`,
          ),
        ),
      (found) => found.status === 'confirmed',
      10_000,
    );
    expect(lookup).toEqual({ reference, status: 'confirmed' });

    // The order is in the sandboxes process, which answers only the deployment's own token.
    const token = sandboxCredentials(stack.environment.env.SANDBOX_SECRET!).duffelToken;
    const orders = `${stack.sandboxes.url}/sandbox/duffel/air/orders`;
    const withToken = await fetch(orders, { headers: { Authorization: `Bearer ${token}`, 'Duffel-Version': 'v2' } });
    const listed = (await json(withToken)).data as Array<{ booking_reference: string }>;
    expect(listed.map((order) => order.booking_reference)).toContain(reference);
    const anyToken = await fetch(orders, {
      headers: { Authorization: 'Bearer duffel_test_anything', 'Duffel-Version': 'v2' },
    });
    expect(anyToken.status).toBe(401);
  });

  it('serves no sandbox on the engines: they reach the sandboxes process instead', async () => {
    for (const engine of stack.engines) {
      expect((await fetch(`${engine.url}/sandbox/duffel/air/orders`)).status).toBe(404);
      // /v1 is the storefront's (its not-found page), not Stripe's.
      const stripePath = await fetch(`${engine.url}/v1/payment_intents/pi_123`);
      expect(stripePath.headers.get('content-type')).toMatch(/^text\/html/);
    }
  });
});
