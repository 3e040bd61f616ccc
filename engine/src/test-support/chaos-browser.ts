import type { FlightOffer } from '@contrail/shared';
import type { BagChoice } from '@contrail/shared/pricing/bags';
import { bookingBody, shownPrice, TEST_CARD } from '../bookings/test-support/booking-harness.js';
import type { RealProcess } from './real-processes.js';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { sleep } from '@contrail/shared/time/sleep';

/**
 * What a browser does against engines that may die under it: send, and on a dropped connection
 * (or "still pending", "in progress", "unavailable") send the same request again, with the same
 * Idempotency-Key, to the next engine the load balancer gives it.
 */
export interface Answer {
  status: number;
  body: Record<string, unknown>;
  engine: string;
}

// What a traveller's browser tries again: work in progress, and a provider or service that did not answer in time.
const AGAIN = new Set(['REQUEST_IN_PROGRESS', 'SERVICE_UNAVAILABLE', 'PROVIDER_TIMEOUT']);

export async function sendUntilAnswered(
  engines: readonly RealProcess[],
  path: string,
  body: unknown,
  key: string,
  deadlineMs = 90_000,
  cookie?: string,
): Promise<Answer> {
  const deadline = Date.now() + scaled(deadlineMs);
  for (let turn = 0; ; turn += 1) {
    if (Date.now() > deadline) throw new Error(`no final answer to ${path} with key ${key} in time`);
    const engine = engines[Math.min(turn, engines.length - 1)]!;
    let response: Response;
    try {
      response = await fetch(`${engine.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key, ...(cookie && { cookie }) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(scaled(60_000)),
      });
    } catch {
      await sleep(300);
      continue;
    }
    const answer = {
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
      engine: engine.name,
    };
    if (answer.status === 202 || AGAIN.has(String(answer.body.code))) {
      await sleep(500);
      turn -= 1;
      continue;
    }
    return answer;
  }
}

/** Bags the traveller chose at checkout (issue 35), and the total with them in currency units. */
export interface ChosenBags {
  bags: BagChoice[];
  amount: number;
}

/** Pays (process-card) and books an offer, retrying each call as a browser would. */
export async function payAndBook(
  engines: readonly RealProcess[],
  offer: FlightOffer,
  name: string,
  withBags?: ChosenBags,
  cookie?: string,
) {
  const price = withBags ? { amount: withBags.amount, currency: offer.total_currency } : shownPrice(offer);
  const bags = withBags ? { bags: withBags.bags } : {};
  const payment = await sendUntilAnswered(
    engines,
    '/api/payments/process-card',
    { offerId: offer.id, ...price, cardDetails: TEST_CARD, ...bags },
    `card-${name}`,
    90_000,
    cookie,
  );
  if (payment.status !== 200) throw new Error(`payment for ${name}: ${payment.status} ${JSON.stringify(payment.body)}`);
  const paymentId = String(payment.body.paymentId);
  const booking = await sendUntilAnswered(
    engines,
    '/api/bookings',
    {
      ...bookingBody(offer, paymentId, `${name}@example.com`),
      paymentDetails: { ...price, cardDetails: { holderName: 'Jane Traveller' } },
      ...bags,
    },
    `booking-${paymentId}`,
    90_000,
    cookie,
  );
  return { paymentId, booking };
}

/** A traveller who registers on an engine: answers their session's Cookie header. */
export async function signUpTraveller(url: string, name: string): Promise<string> {
  const credentials = { username: name, password: `Chaos-${name}-pw!` };
  const post = (path: string, body: object, cookie = '') =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie && { cookie }) },
      body: JSON.stringify(body),
    });
  const registered = await post('/api/auth/register', {
    ...credentials,
    email: `${name}@example.com`,
    firstName: 'Jane',
    lastName: 'Traveller',
  });
  if (registered.status >= 300) throw new Error(`register ${name}: ${registered.status} ${await registered.text()}`);
  const signedIn = await post('/api/auth/login', credentials);
  if (!signedIn.ok) throw new Error(`sign in ${name}: ${signedIn.status} ${await signedIn.text()}`);
  return signedIn.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
}
