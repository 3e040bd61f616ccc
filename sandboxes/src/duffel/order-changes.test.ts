import { Duffel } from '@duffel/api';
import type { Offer, Order, OrderChange } from '@duffel/api/types';
import { ManualClock } from '@contrail/shared/time/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuffelSandbox } from './sandbox.js';
import { servedSandbox, type ServedSandbox } from './test-support/served-sandbox.js';

const clock = new ManualClock('2026-11-22T12:00:00Z');
const sandbox = new DuffelSandbox(clock);
let served: ServedSandbox;
let duffel: Duffel;

beforeAll(async () => {
  served = await servedSandbox(sandbox);
  duffel = new Duffel({ token: 'duffel_test_sandbox', basePath: served.basePath, apiVersion: 'v2' });
});
afterAll(() => served.close());

/** The client types order changes' answers as change offers; the API answers order changes. */
const asChange = (answer: unknown) => answer as OrderChange;
const cents = (amount: string | null | undefined) => Math.round(Number(amount ?? '0') * 100);

async function offers(origin: string, destination: string): Promise<Offer[]> {
  const request = await duffel.offerRequests.create({
    slices: [{ origin, destination, departure_date: '2026-12-20', departure_time: null, arrival_time: null }],
    passengers: [{ type: 'adult' }],
    cabin_class: 'economy',
    max_connections: 1,
    return_offers: false,
  });
  return (await duffel.offers.list({ offer_request_id: request.data.id, limit: 200 })).data;
}

async function book(offer: Offer): Promise<Order> {
  const order = await duffel.orders.create({
    type: 'instant',
    selected_offers: [offer.id],
    payments: [{ type: 'balance', currency: offer.total_currency, amount: offer.total_amount }],
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
        infant_passenger_id: null,
      } as never,
    ],
  });
  return order.data;
}

describe("the Duffel sandbox's order changes, through the official client", () => {
  it('changes the date of a changeable order: fare difference plus the fare penalty, paid on confirm', async () => {
    const all = await offers('JFK', 'BOS');
    const changeable = all.find((offer) => offer.conditions.change_before_departure?.allowed);
    const fixed = all.find((offer) => offer.conditions.change_before_departure?.allowed === false);
    if (!changeable || !fixed) throw new Error('JFK-BOS should have changeable and unchangeable fares');
    const order = await book(changeable);
    const request = await duffel.orderChangeRequests.create({
      order_id: order.id,
      slices: {
        remove: [{ slice_id: order.slices[0]!.id }],
        add: [{ origin: 'JFK', destination: 'BOS', departure_date: '2026-12-23', cabin_class: 'economy' }],
      },
    });
    const changeOffers = request.data.order_change_offers;
    expect(changeOffers.length).toBeGreaterThan(0);
    const penalty = cents(order.conditions.change_before_departure!.penalty_amount);
    for (const offer of changeOffers) {
      const wire = offer as typeof offer & { penalty_total_amount: string };
      expect(cents(wire.penalty_total_amount)).toBe(penalty);
      expect(cents(offer.change_total_amount)).toBeGreaterThanOrEqual(penalty);
      expect(offer.slices.add[0]!.segments[0]!.departing_at.slice(0, 10)).toBe('2026-12-23');
      expect(offer.slices.remove[0]!.id).toBe(order.slices[0]!.id);
    }
    const chosen = changeOffers[0]!;
    expect((await duffel.orderChangeOffers.get(chosen.id)).data.id).toBe(chosen.id);

    const pending = asChange((await duffel.orderChanges.create({ selected_order_change_offer: chosen.id })).data);
    expect(pending.confirmed_at).toBeNull();
    expect(pending.change_total_amount).toBe(chosen.change_total_amount);
    await expect(
      duffel.orderChanges.confirm(pending.id, { payment: { type: 'balance', amount: '0.01', currency: 'USD' } }),
    ).rejects.toMatchObject({ errors: [{ code: 'price_changed' }] });
    const confirmed = asChange(
      (
        await duffel.orderChanges.confirm(pending.id, {
          payment: { type: 'balance', amount: pending.change_total_amount, currency: pending.change_total_currency },
        })
      ).data,
    );
    expect(confirmed.confirmed_at).not.toBeNull();
    expect(asChange((await duffel.orderChanges.get(pending.id)).data).confirmed_at).toBe(confirmed.confirmed_at);
    const changed = (await duffel.orders.get(order.id)).data;
    expect(changed.slices[0]!.segments[0]!.departing_at.slice(0, 10)).toBe('2026-12-23');
    expect(changed.slices[0]!.segments[0]!.passengers[0]!.passenger_id).toBe(order.passengers[0]!.id);
    expect(cents(changed.total_amount)).toBe(cents(order.total_amount) + cents(pending.change_total_amount) - penalty);
    await expect(
      duffel.orderChanges.confirm(pending.id, {
        payment: { type: 'balance', amount: pending.change_total_amount, currency: 'USD' },
      }),
    ).rejects.toMatchObject({ errors: [{ code: 'already_confirmed' }] });

    const unchangeable = await book(fixed);
    await expect(
      duffel.orderChangeRequests.create({
        order_id: unchangeable.id,
        slices: {
          remove: [{ slice_id: unchangeable.slices[0]!.id }],
          add: [{ origin: 'JFK', destination: 'BOS', departure_date: '2026-12-23', cabin_class: 'economy' }],
        },
      }),
    ).rejects.toMatchObject({ errors: [{ code: 'order_change_not_allowed' }], meta: { status: 422 } });
  });

  it('adds bags to a booked order, paid at their total, and offers fewer afterwards', async () => {
    const offer = (await offers('JFK', 'LAX')).find((one) => one.available_services.length > 0);
    if (!offer) throw new Error('JFK-LAX should sell bags');
    const order = await book(offer);
    const services = (await duffel.orders.getAvailableServices(order.id)).data;
    expect(services.length).toBeGreaterThan(0);
    const bag = services[0]!;
    expect(bag.passenger_ids).toEqual([order.passengers[0]!.id]);
    await expect(
      duffel.orders.addServices(order.id, {
        add_services: [{ id: bag.id, quantity: 1 }],
        payment: { type: 'balance', amount: '0.01', currency: 'USD' },
      }),
    ).rejects.toMatchObject({ errors: [{ code: 'price_changed' }] });
    const updated = (
      await duffel.orders.addServices(order.id, {
        add_services: [{ id: bag.id, quantity: 1 }],
        payment: { type: 'balance', amount: bag.total_amount, currency: bag.total_currency },
      })
    ).data;
    expect(updated.services).toHaveLength(1);
    expect(cents(updated.total_amount)).toBe(cents(order.total_amount) + cents(bag.total_amount));
    const after = (await duffel.orders.getAvailableServices(order.id)).data.find((one) => one.id === bag.id);
    expect(after?.maximum_quantity ?? 0).toBe(bag.maximum_quantity - 1);
  });
});
