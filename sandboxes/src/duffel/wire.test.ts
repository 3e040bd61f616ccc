import { Duffel, DuffelError } from '@duffel/api';
import type { Offer } from '@duffel/api/types';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@contrail/shared/time/clock';
import { parseRateLimit } from './rate-limit.js';
import { DuffelSandbox } from './sandbox.js';
import { duffelAnswerProblems, endpointOf, recordAnswers, type DuffelAnswer } from './test-support/duffel-answers.js';
import { servedSandbox, type ServedSandbox } from './test-support/served-sandbox.js';

// The official client's calls, over HTTP, for what the sandbox gained to answer as Duffel does.
const clock = new ManualClock('2026-11-22T12:00:00.000Z');
const sandbox = new DuffelSandbox(clock);
let served: ServedSandbox;
/** Every answer of the sandbox in this file, as the official client received it. */
const answers: DuffelAnswer[] = [];
const client = (token = 'duffel_test_wire') =>
  recordAnswers(new Duffel({ token, basePath: served.basePath, apiVersion: 'v2' }), answers);
let duffel: Duffel;

beforeAll(async () => {
  served = await servedSandbox(sandbox);
  duffel = client();
});
afterAll(() => served.close());
afterEach(() => {
  clock.set('2026-11-22T12:00:00.000Z');
  sandbox.faults.reset();
  sandbox.rateLimits.reset();
});

async function failure(call: () => Promise<unknown>): Promise<InstanceType<typeof DuffelError>> {
  try {
    await call();
  } catch (error) {
    if (error instanceof DuffelError) return error;
    throw error;
  }
  throw new Error('expected a DuffelError');
}

async function firstOffer(origin: string, destination: string): Promise<Offer> {
  const request = await duffel.offerRequests.create({
    slices: [{ origin, destination, departure_date: '2026-12-20', departure_time: null, arrival_time: null }],
    passengers: [{ type: 'adult' }],
    cabin_class: 'economy',
    return_offers: false,
  });
  const listed = await duffel.offers.list({ offer_request_id: request.data.id, limit: 1, sort: 'total_amount' });
  return listed.data[0]!;
}

const PASSPORT = { type: 'passport', unique_identifier: 'P1', issuing_country_code: 'GB', expires_on: '2030-01-01' };

function order(
  offer: Offer,
  type: 'instant' | 'hold',
  amount = offer.total_amount,
  services: Array<{ id: string; quantity: number }> = [],
) {
  return duffel.orders.create({
    type,
    selected_offers: [offer.id],
    passengers: [
      {
        id: offer.passengers[0]!.id,
        title: 'ms',
        gender: 'f',
        given_name: 'Ada',
        family_name: 'Lovelace',
        born_on: '1990-05-01',
        email: 'ada@example.com',
        phone_number: '+442080160509',
        identity_documents: [PASSPORT],
        infant_passenger_id: null,
      },
    ] as never,
    ...(type === 'instant' && { payments: [{ type: 'balance', amount, currency: offer.total_currency }] }),
    services,
  } as never);
}

describe('the Duffel sandbox rate limits each token', () => {
  it('sends ratelimit-* headers on every answer and answers 429 rate_limit_exceeded past the limit, until the window ends', async () => {
    sandbox.rateLimits.set({ limit: 2, windowMs: 60_000 }, 'duffel_test_wire');
    const first = await duffel.airlines.list({ limit: 1 });
    expect(first.headers?.get('ratelimit-limit')).toBe('2');
    expect(first.headers?.get('ratelimit-remaining')).toBe('1');
    expect(first.headers?.get('ratelimit-reset')).toBe('Sun, 22 Nov 2026 12:01:00 GMT');
    const missing = await failure(() => duffel.orders.get('ord_missing'));
    expect(missing.status).toBe(404);
    expect(missing.headers.get('ratelimit-remaining')).toBe('0');

    const limited = await failure(() => duffel.airlines.list());
    expect(limited.status).toBe(429);
    expect(limited.errors[0]).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' });
    expect(limited.headers.get('ratelimit-reset')).toBe('Sun, 22 Nov 2026 12:01:00 GMT');
    expect(limited.headers.get('x-request-id')).toBe(limited.meta.request_id);
    expect((await client('duffel_test_other').airlines.list({ limit: 1 })).data).toHaveLength(1);

    clock.advance(60_000);
    const next = await duffel.airlines.list({ limit: 1 });
    expect(next.headers?.get('ratelimit-remaining')).toBe('1');
  });

  it('is generous by default', async () => {
    const answer = await duffel.airports.list({ limit: 1 });
    expect(Number(answer.headers?.get('ratelimit-limit'))).toBeGreaterThanOrEqual(10_000);
  });

  it('takes its limit from the options (DUFFEL_SANDBOX_RATELIMIT in the composition roots), and comes back to it after a reset', async () => {
    const limited = new DuffelSandbox(clock, undefined, { rateLimit: parseRateLimit('2/10s') });
    const own = await servedSandbox(limited);
    try {
      const other = recordAnswers(
        new Duffel({ token: 'duffel_test_wire', basePath: own.basePath, apiVersion: 'v2' }),
        answers,
      );
      const first = await other.airlines.list({ limit: 1 });
      expect(first.headers?.get('ratelimit-limit')).toBe('2');
      expect(first.headers?.get('ratelimit-reset')).toBe('Sun, 22 Nov 2026 12:00:10 GMT');
      await other.airlines.list({ limit: 1 });
      expect((await failure(() => other.airlines.list({ limit: 1 }))).status).toBe(429);
      limited.rateLimits.set({ limit: 100, windowMs: 10_000 });
      expect((await other.airlines.list({ limit: 1 })).headers?.get('ratelimit-limit')).toBe('100');
      limited.rateLimits.reset();
      expect((await other.airlines.list({ limit: 1 })).headers?.get('ratelimit-limit')).toBe('2');
    } finally {
      await own.close();
    }
  });
});

describe('the Duffel sandbox pays hold orders (POST air/payments)', () => {
  it("refuses a stale amount with price_changed, then takes the order's total: paid, ticketed, nothing left to pay", async () => {
    const hold = (await order(await firstOffer('JFK', 'EWR'), 'hold')).data;
    expect(hold.payment_status).toMatchObject({ awaiting_payment: true, paid_at: null });
    expect(hold.payment_status.payment_required_by).toMatch(/^2026-11-23T/);
    expect(hold.documents).toEqual([]);

    const stale = (Number(hold.total_amount) - 1).toFixed(2);
    const refused = await failure(() =>
      duffel.payments.create({ order_id: hold.id, payment: { type: 'balance', amount: stale, currency: 'USD' } }),
    );
    expect(refused.errors[0]).toMatchObject({ type: 'invalid_state_error', code: 'price_changed' });
    expect((await duffel.orders.get(hold.id)).data.payment_status.awaiting_payment).toBe(true);

    const payment = (
      await duffel.payments.create({
        order_id: hold.id,
        payment: { type: 'balance', amount: hold.total_amount, currency: hold.total_currency },
      })
    ).data;
    expect(payment).toMatchObject({ type: 'balance', amount: hold.total_amount, currency: 'USD' });
    expect(payment.id).toMatch(/^pay_/);
    const paid = (await duffel.orders.get(hold.id)).data;
    expect(paid.payment_status).toEqual({
      awaiting_payment: false,
      payment_required_by: null,
      price_guarantee_expires_at: null,
      paid_at: '2026-11-22T12:00:00.000Z',
    });
    expect(paid.documents).toHaveLength(1);

    const again = await failure(() =>
      duffel.payments.create({
        order_id: hold.id,
        payment: { type: 'balance', amount: hold.total_amount, currency: 'USD' },
      }),
    );
    expect(again.errors[0]!.code).toBe('already_paid');
  });

  it("answers price_changed when a held order's total changed before its payment, and takes the new total", async () => {
    const hold = (await order(await firstOffer('JFK', 'EWR'), 'hold')).data;
    sandbox.faults.changeOrderPrice(hold.id, 1.1);
    const pay = (amount: string) =>
      duffel.payments.create({ order_id: hold.id, payment: { type: 'balance', amount, currency: 'USD' } });
    const refused = await failure(() => pay(hold.total_amount));
    expect(refused.errors[0]).toMatchObject({ type: 'invalid_state_error', code: 'price_changed' });
    const now = (await duffel.orders.get(hold.id)).data;
    expect(now.total_amount).toBe((Number(hold.total_amount) * 1.1).toFixed(2));
    expect(now.payment_status.awaiting_payment).toBe(true);
    expect((await pay(now.total_amount)).data.amount).toBe(now.total_amount);
  });

  it('refuses a hold past its payment_required_by with past_payment_required_by_date, and a cancelled one with already_cancelled', async () => {
    const hold = (await order(await firstOffer('JFK', 'EWR'), 'hold')).data;
    const deadline = hold.payment_status.payment_required_by!;
    const pay = (id: string) =>
      duffel.payments.create({
        order_id: id,
        payment: { type: 'balance', amount: hold.total_amount, currency: hold.total_currency },
      });
    clock.set(new Date(Date.parse(deadline) + 1_000).toISOString());
    const late = await failure(() => pay(hold.id));
    expect(late.status).toBe(422);
    expect(late.errors[0]).toMatchObject({ type: 'invalid_state_error', code: 'past_payment_required_by_date' });
    expect(late.errors[0]!.message).toContain(deadline);
    expect((await duffel.orders.get(hold.id)).data.payment_status).toMatchObject({
      awaiting_payment: true,
      paid_at: null,
    });

    clock.set('2026-11-22T12:00:00.000Z');
    const other = (await order(await firstOffer('JFK', 'EWR'), 'hold')).data;
    const quote = (await duffel.orderCancellations.create({ order_id: other.id })).data;
    await duffel.orderCancellations.confirm(quote.id);
    const cancelled = await failure(() => pay(other.id));
    expect(cancelled.errors[0]).toMatchObject({ type: 'invalid_state_error', code: 'already_cancelled' });
  });

  it('answers an order its type, and refuses to take payment for an instant one (order_type_not_eligible_for_payment)', async () => {
    const hold = (await order(await firstOffer('JFK', 'EWR'), 'hold')).data;
    expect(hold).toMatchObject({ type: 'hold' });
    const instant = (await order(await firstOffer('JFK', 'EWR'), 'instant')).data;
    expect(instant).toMatchObject({ type: 'instant' });
    expect((await duffel.orders.get(instant.id)).data).toMatchObject({ type: 'instant' });
    const refused = await failure(() =>
      duffel.payments.create({
        order_id: instant.id,
        payment: { type: 'balance', amount: instant.total_amount, currency: instant.total_currency },
      }),
    );
    expect(refused.status).toBe(422);
    expect(refused.errors[0]).toMatchObject({
      type: 'validation_error',
      code: 'order_type_not_eligible_for_payment',
      source: { field: 'order_id' },
    });
  });
});

describe('the Duffel sandbox answers the lists and updates the client offers', () => {
  it('updates an order’s metadata (PATCH air/orders/:id) and lists cancellations by order', async () => {
    const placed = (await order(await firstOffer('DEL', 'BOM'), 'instant')).data;
    const updated = (await duffel.orders.update(placed.id, { metadata: { booking_id: 'bk_1' } })).data;
    expect(updated.metadata).toEqual({ booking_id: 'bk_1' });
    expect((await duffel.orders.get(placed.id)).data.metadata).toEqual({ booking_id: 'bk_1' });
    const tooLong = await failure(() => duffel.orders.update(placed.id, { metadata: { note: 'x'.repeat(501) } }));
    expect(tooLong.errors[0]).toMatchObject({ type: 'validation_error' });

    const quote = (await duffel.orderCancellations.create({ order_id: placed.id })).data;
    const listed = await duffel.orderCancellations.list({ order_id: placed.id });
    expect(listed.data.map((cancellation) => cancellation.id)).toEqual([quote.id]);
    expect((await duffel.orderCancellations.list({ order_id: 'ord_other' })).data).toEqual([]);
  });

  it('lists offer requests newest first, without their offers', async () => {
    const offer = await firstOffer('LHR', 'CDG');
    const listed = await duffel.offerRequests.list({ limit: 1 });
    expect(listed.data[0]!.id).toBe(`orq_${/^off_([\w-]+)_\d+$/.exec(offer.id)![1]}`);
    expect(listed.data[0]!.offers).toEqual([]);
    expect(listed.meta).toMatchObject({ limit: 1, before: null });
  });

  it('pages airports and airlines as Duffel lists do, and reads one by id', async () => {
    const first = await duffel.airports.list({ limit: 200 });
    expect(first.data).toHaveLength(200);
    expect(first.data[0]!.id).toMatch(/^arp_/);
    const rest = await duffel.airports.list({ limit: 200, after: first.meta!.after! });
    expect(rest.meta?.after).toBeNull();
    expect(rest.data.length).toBeGreaterThan(0);
    expect(rest.data.map((a) => a.id)).not.toContain(first.data[0]!.id);
    expect((await duffel.airports.get(first.data[0]!.id)).data).toEqual(first.data[0]);

    const airlines = await duffel.airlines.list({ limit: 10 });
    expect(airlines.data).toHaveLength(10);
    expect(airlines.meta).toMatchObject({ limit: 10, before: null });
    expect(airlines.meta?.after).not.toBeNull();
    expect((await duffel.airlines.get(airlines.data[3]!.id)).data).toEqual(airlines.data[3]);
    expect((await failure(() => duffel.airlines.get('arl_missing'))).status).toBe(404);
  });
});

describe('the Duffel sandbox reads back what it made', () => {
  it('gets an offer request, lists orders, gets and confirms a cancellation quote', async () => {
    const offer = await firstOffer('DEL', 'BOM');
    const request = (await duffel.offerRequests.list({ limit: 1 })).data[0]!;
    expect((await duffel.offerRequests.get(request.id)).data.id).toBe(request.id);
    const placed = (await order(offer, 'instant')).data;
    expect((await duffel.orders.list({ limit: 200 })).data.map((listed) => listed.id)).toContain(placed.id);
    const quote = (await duffel.orderCancellations.create({ order_id: placed.id })).data;
    expect((await duffel.orderCancellations.get(quote.id)).data).toEqual(quote);
    expect((await duffel.orderCancellations.confirm(quote.id)).data.confirmed_at).toBe('2026-11-22T12:00:00.000Z');
  });
});

describe("the Duffel sandbox's test routes for an order's refusals", () => {
  it('BHX-DUB: every order answers offer_no_longer_available', async () => {
    const gone = await failure(async () => order(await firstOffer('BHX', 'DUB'), 'instant'));
    expect(gone.status).toBe(422);
    expect(gone.errors[0]).toMatchObject({ type: 'invalid_state_error', code: 'offer_no_longer_available' });
  });

  it('EDI-AMS: the first order answers price_changed; fetched again the offer shows the new total, which books', async () => {
    const offer = await firstOffer('EDI', 'AMS');
    const changed = await failure(() => order(offer, 'instant'));
    expect(changed.errors[0]).toMatchObject({ type: 'invalid_state_error', code: 'price_changed' });
    const current = (await duffel.offers.get(offer.id)).data;
    expect(Number(current.total_amount)).toBeCloseTo(Number(offer.total_amount) * 1.1, 1);
    expect(changed.errors[0]!.message).toContain(current.total_amount);
    const booked = (await order(current, 'instant', current.total_amount)).data;
    expect(booked.total_amount).toBe(current.total_amount);
  });
});

describe('the Duffel sandbox’s shapes', () => {
  it('names offer passengers, gives instant orders null payment deadlines and services ids of their own, names seats', async () => {
    const offer = (await duffel.offers.get((await firstOffer('JFK', 'LHR')).id, { return_available_services: true }))
      .data;
    expect(offer.passengers[0]).toMatchObject({ given_name: null, family_name: null, loyalty_programme_accounts: [] });
    const seats = (await duffel.seatMaps.get({ offer_id: offer.id })).data.flatMap((map) =>
      map.cabins.flatMap((cabin) => cabin.rows.flatMap((row) => row.sections.flatMap((s) => s.elements))),
    );
    expect(seats.filter((element) => element.type === 'seat').every((seat) => 'name' in seat)).toBe(true);

    const bag = offer.available_services[0]!;
    const total = (Number(offer.total_amount) + Number(bag.total_amount)).toFixed(2);
    const placed = (await order(offer, 'instant', total, [{ id: bag.id, quantity: 1 }])).data;
    expect(placed.payment_status).toEqual({
      awaiting_payment: false,
      payment_required_by: null,
      price_guarantee_expires_at: null,
      paid_at: '2026-11-22T12:00:00.000Z',
    });
    expect(placed.services).toHaveLength(1);
    expect(placed.services[0]!.id).toMatch(/^ser_/);
  });
});

describe('the answers above, against the types of @duffel/api', () => {
  it('has every property the types require, nothing they lack, null only where they allow it, the declared kinds', () => {
    const endpoints = new Set(answers.map(({ request }) => endpointOf(request)));
    expect([...endpoints].sort()).toEqual([
      'GET air/airlines',
      'GET air/airlines/:id',
      'GET air/airports',
      'GET air/airports/:id',
      'GET air/offer_requests',
      'GET air/offer_requests/:id',
      'GET air/offers',
      'GET air/offers/:id',
      'GET air/order_cancellations',
      'GET air/order_cancellations/:id',
      'GET air/orders',
      'GET air/orders/:id',
      'GET air/seat_maps',
      'PATCH air/orders/:id',
      'POST air/offer_requests',
      'POST air/order_cancellations',
      'POST air/order_cancellations/:id/actions/confirm',
      'POST air/orders',
      'POST air/payments',
    ]);
    expect(answers.filter(({ body }) => 'errors' in body).length).toBeGreaterThan(0);
    expect(answers.flatMap(duffelAnswerProblems)).toEqual([]);
  });
});
