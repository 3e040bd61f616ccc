import { Duffel } from '@duffel/api';
import type { Offer, Order, SeatMap, SeatMapCabinRowSectionElementSeat } from '@duffel/api/types';
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

const cents = (amount: string) => Math.round(Number(amount) * 100);
/** The official client types seat maps by offer only; Duffel answers them by order too. */
const byOrder = (orderId: string) => ({ order_id: orderId }) as unknown as { offer_id: string };

async function seatedOffer(): Promise<Offer> {
  const request = await duffel.offerRequests.create({
    slices: [
      { origin: 'JFK', destination: 'LAX', departure_date: '2026-12-20', departure_time: null, arrival_time: null },
    ],
    passengers: [{ type: 'adult' }],
    cabin_class: 'economy',
    max_connections: 1,
    return_offers: false,
  });
  for (const offer of (await duffel.offers.list({ offer_request_id: request.data.id, limit: 50 })).data) {
    if ((await duffel.seatMaps.get({ offer_id: offer.id })).data.length > 0) return offer;
  }
  throw new Error('JFK-LAX should have an offer with seat maps');
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

function paidSeat(map: SeatMap) {
  for (const row of map.cabins.flatMap((cabin) => cabin.rows))
    for (const element of row.sections.flatMap((section) => section.elements))
      if (element.type === 'seat' && element.available_services.some((s) => cents(s.total_amount) > 0))
        return { designator: element.designator, service: element.available_services[0]! };
  throw new Error('the seat map should sell a paid seat');
}

describe("the Duffel sandbox's seats after booking, through the official client", () => {
  it('sells a seat of the order seat map at its price, then shows it taken', async () => {
    const order = await book(await seatedOffer());
    const maps = (await duffel.seatMaps.get(byOrder(order.id))).data;
    expect(maps.map((map) => map.segment_id)).toEqual(order.slices.flatMap((s) => s.segments.map((g) => g.id)));
    const { designator, service } = paidSeat(maps[0]!);
    expect(service.passenger_id).toBe(order.passengers[0]!.id);
    const add = (amount: string) =>
      duffel.orders.addServices(order.id, {
        add_services: [{ id: service.id, quantity: 1 }],
        payment: { type: 'balance', amount, currency: order.total_currency },
      });
    await expect(add('0.01')).rejects.toMatchObject({ errors: [{ code: 'price_changed' }] });
    const updated = (await add(service.total_amount)).data;
    const seat = updated.services.find((one) => one.type === 'seat');
    expect(seat).toMatchObject({ passenger_ids: [order.passengers[0]!.id], segment_ids: [maps[0]!.segment_id] });
    expect((seat!.metadata as { designator: string }).designator).toBe(designator);
    expect(cents(updated.total_amount)).toBe(cents(order.total_amount) + cents(service.total_amount));

    const after = (await duffel.seatMaps.get(byOrder(order.id))).data[0]!;
    const elements = after.cabins.flatMap((c) => c.rows.flatMap((r) => r.sections.flatMap((s) => s.elements)));
    const seats = elements.filter((e): e is SeatMapCabinRowSectionElementSeat => e.type === 'seat');
    expect(seats.find((e) => e.designator === designator)!.available_services).toEqual([]);
    // The passenger has a seat on this flight now: no other seat is sold to them there.
    expect(seats.every((e) => e.available_services.length === 0)).toBe(true);
    await expect(add(service.total_amount)).rejects.toMatchObject({ errors: [{ code: 'invalid_value' }] });
  });
});
