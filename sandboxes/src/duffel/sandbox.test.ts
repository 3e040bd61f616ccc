import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Duffel, DuffelError } from '@duffel/api';
import express from 'express';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@contrail/shared/time/clock';
import { airportByIata } from '@contrail/shared';
import type { Offer } from '@duffel/api/types';
import { utcFromLocal } from '@contrail/shared/reference/local-time';
import { minimumConnectionMinutes } from './network/airport-rules.js';
import { DuffelSandbox } from './sandbox.js';
import { duffelSandboxRouter } from './router.js';
import { maxConnectionMinutes } from './schedule.js';

const clock = new ManualClock('2026-11-22T12:00:00Z');
const sandbox = new DuffelSandbox(clock);
let server: Server;
let duffel: Duffel;

beforeAll(async () => {
  const app = express();
  app.use('/sandbox/duffel', duffelSandboxRouter(sandbox));
  server = await new Promise<Server>((resolve) => {
    const started = app.listen(0, '127.0.0.1', () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  duffel = new Duffel({
    token: 'duffel_test_sandbox',
    basePath: `http://127.0.0.1:${port}/sandbox/duffel/`,
    apiVersion: 'v2',
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => sandbox.faults.reset());

const roundTrip = (origin: string, destination: string, passengers: Array<{ type: 'adult' } | { age: number }>) =>
  duffel.offerRequests.create({
    slices: [
      { origin, destination, departure_date: '2026-12-20', departure_time: null, arrival_time: null },
      {
        origin: destination,
        destination: origin,
        departure_date: '2026-12-27',
        departure_time: null,
        arrival_time: null,
      },
    ],
    passengers: passengers as never,
    cabin_class: 'economy',
    max_connections: 2,
    return_offers: false,
  });

async function allOffers(offerRequestId: string): Promise<Offer[]> {
  const offers: Offer[] = [];
  let after: string | undefined;
  do {
    const page = await duffel.offers.list({
      offer_request_id: offerRequestId,
      limit: 50,
      sort: 'total_amount',
      ...(after && { after }),
    });
    offers.push(...page.data);
    after = page.meta?.after ?? undefined;
  } while (after);
  return offers;
}

function utcOf(local: string, iata: string): number {
  return utcFromLocal(local, airportByIata(iata)!.time_zone);
}

describe('the Duffel sandbox through the official @duffel/api client', () => {
  it('searches, pages, fetches an offer with services and seat maps, books and cancels', async () => {
    const request = await roundTrip('JFK', 'LHR', [{ type: 'adult' }, { type: 'adult' }]);
    expect(request.data.id).toMatch(/^orq_/);
    expect(request.data.passengers).toHaveLength(2);

    const first = await duffel.offers.list({ offer_request_id: request.data.id, limit: 20, sort: 'total_amount' });
    expect(first.data).toHaveLength(20);
    expect(first.meta).toMatchObject({ limit: 20, before: null });
    const second = await duffel.offers.list({
      offer_request_id: request.data.id,
      limit: 20,
      sort: 'total_amount',
      after: first.meta!.after!,
    });
    expect(second.data[0]!.id).not.toBe(first.data[0]!.id);
    expect(Number(second.data[0]!.total_amount)).toBeGreaterThanOrEqual(Number(first.data.at(-1)!.total_amount));

    const fullService = ['AA', 'BA', 'DL', 'VS', 'UA'];
    const chosen = (await allOffers(request.data.id)).find((offer) =>
      offer.slices.every((slice) =>
        slice.segments.every((segment) => fullService.includes(segment.operating_carrier.iata_code!)),
      ),
    )!;
    const offer = (await duffel.offers.get(chosen.id, { return_available_services: true })).data;
    expect(offer.available_services.length).toBeGreaterThan(0);
    expect(offer.passenger_identity_documents_required).toBe(true);
    expect(Date.parse(offer.expires_at) - Date.parse(offer.created_at)).toBe(30 * 60_000);

    const seatMaps = (await duffel.seatMaps.get({ offer_id: offer.id })).data;
    expect(seatMaps.length).toBe(offer.slices.reduce((sum, slice) => sum + slice.segments.length, 0));
    const seats = seatMaps[0]!.cabins.flatMap((cabin) =>
      cabin.rows.flatMap((row) => row.sections.flatMap((s) => s.elements)),
    );
    expect(seats.some((element) => element.type === 'lavatory' || element.type === 'galley')).toBe(true);
    const freeSeat = seats.find((element) => element.type === 'seat' && element.available_services.length > 0);
    if (!freeSeat || freeSeat.type !== 'seat') throw new Error('no available seat');
    const seatService = freeSeat.available_services[0]!;
    const bag = offer.available_services[0]!;
    const amount = (Number(offer.total_amount) + Number(bag.total_amount) + Number(seatService.total_amount)).toFixed(
      2,
    );

    const passengers = offer.passengers.map((passenger, i) => ({
      id: passenger.id,
      title: 'ms' as const,
      gender: 'f' as const,
      given_name: `Ada${i}`,
      family_name: 'Lovelace',
      born_on: '1990-05-01',
      email: `ada${i}@example.com`,
      phone_number: '+442080160509',
      identity_documents: [
        {
          type: 'passport' as const,
          unique_identifier: `P1234567${i}`,
          issuing_country_code: 'GB',
          expires_on: '2030-01-01',
        },
      ],
    }));
    const order = (
      await duffel.orders.create({
        type: 'instant',
        selected_offers: [offer.id],
        services: [
          { id: bag.id, quantity: 1 },
          { id: seatService.id, quantity: 1 },
        ],
        payments: [{ type: 'balance', currency: 'USD', amount }],
        passengers,
      })
    ).data;
    expect(order.id).toMatch(/^ord_/);
    expect(order.booking_reference).toMatch(/^[A-Z0-9]{6}$/);
    expect(order.total_amount).toBe(amount);
    expect((await duffel.orders.get(order.id)).data.id).toBe(order.id);

    const again = duffel.orders.create({
      type: 'instant',
      selected_offers: [offer.id],
      payments: [{ type: 'balance', currency: 'USD', amount: offer.total_amount }],
      passengers,
    });
    const sold = { errors: [{ code: 'offer_no_longer_available' }], meta: { status: 422 } };
    await expect(again).rejects.toMatchObject(sold);
    // An offer is sold once: nobody is told it is still there (issue 33).
    await expect(duffel.offers.get(offer.id)).rejects.toMatchObject(sold);
    await expect(duffel.seatMaps.get({ offer_id: offer.id })).rejects.toMatchObject(sold);

    const quote = (await duffel.orderCancellations.create({ order_id: order.id })).data;
    expect(quote.confirmed_at).toBeNull();
    expect(Number(quote.refund_amount)).toBeGreaterThanOrEqual(0);
    const confirmed = (await duffel.orderCancellations.confirm(quote.id)).data;
    expect(confirmed.confirmed_at).not.toBeNull();
    expect((await duffel.orders.get(order.id)).data.cancelled_at).toBe(confirmed.confirmed_at);
  });

  it('gives a JFK-LHR round trip for 2 adults at least 30 coherent offers', async () => {
    const request = await roundTrip('JFK', 'LHR', [{ type: 'adult' }, { type: 'adult' }]);
    const offers = await allOffers(request.data.id);
    expect(offers.length).toBeGreaterThanOrEqual(30);
    expect(offers.length).toBeLessThanOrEqual(200);
    for (const offer of offers) {
      expect(offer.slices).toHaveLength(2);
      expect((Number(offer.base_amount) + Number(offer.tax_amount)).toFixed(2)).toBe(offer.total_amount);
      expect(offer.slices[0]!.origin.iata_code).toBe('JFK');
      expect(offer.slices[0]!.destination.iata_code).toBe('LHR');
      expect(offer.slices[1]!.destination.iata_code).toBe('JFK');
      for (const slice of offer.slices) {
        expect(slice.segments.length).toBeLessThanOrEqual(3);
        slice.segments.forEach((segment, i) => {
          const departs = utcOf(segment.departing_at, segment.origin.iata_code!);
          const arrives = utcOf(segment.arriving_at, segment.destination.iata_code!);
          expect(arrives).toBeGreaterThan(departs);
          const minutes = (arrives - departs) / 60_000;
          expect(segment.duration).toBe(
            `PT${Math.floor(minutes / 60) > 0 ? `${Math.floor(minutes / 60)}H` : ''}${minutes % 60 > 0 ? `${minutes % 60}M` : ''}`,
          );
          expect(segment.origin.time_zone).toBe(airportByIata(segment.origin.iata_code!)!.time_zone);
          const next = slice.segments[i + 1];
          if (next) {
            expect(next.origin.iata_code).toBe(segment.destination.iata_code);
            const connection = (utcOf(next.departing_at, next.origin.iata_code!) - arrives) / 60_000;
            expect(connection).toBeGreaterThanOrEqual(minimumConnectionMinutes(next.origin.iata_code!, true));
            expect(connection).toBeLessThanOrEqual(maxConnectionMinutes(5540));
          }
        });
      }
      const outboundArrives = offer.slices[0]!.segments.at(-1)!;
      const returnDeparts = offer.slices[1]!.segments[0]!;
      expect(utcOf(returnDeparts.departing_at, 'LHR')).toBeGreaterThan(utcOf(outboundArrives.arriving_at, 'LHR'));
    }
    const stops = new Set(offers.map((offer) => offer.slices[0]!.segments.length));
    expect(stops.has(1) && stops.has(2)).toBe(true);
    const prices = offers.map((offer) => Number(offer.total_amount));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('gives the same offers for the same search', async () => {
    const strip = (offers: Offer[]) =>
      offers.map((offer) => ({
        total: offer.total_amount,
        owner: offer.owner.iata_code,
        flights: offer.slices.map((slice) =>
          slice.segments.map((s) => `${s.marketing_carrier_flight_number}${s.departing_at}${s.arriving_at}`),
        ),
        conditions: offer.conditions,
      }));
    const one = await allOffers((await roundTrip('LAX', 'ORD', [{ type: 'adult' }, { age: 8 }])).data.id);
    const two = await allOffers((await roundTrip('LAX', 'ORD', [{ type: 'adult' }, { age: 8 }])).data.id);
    expect(one.length).toBeGreaterThan(0);
    expect(strip(two)).toEqual(strip(one));
    // Every offer request yields fresh offer ids, as Duffel's do (issue 33 item 1): none is shared.
    const firstIds = new Set(one.map((offer) => offer.id));
    expect(two.filter((offer) => firstIds.has(offer.id))).toEqual([]);
  });

  it('never returns before the outbound lands, even on a same-day return', async () => {
    const sameDay = await duffel.offerRequests.create({
      slices: [
        { origin: 'BOS', destination: 'DCA', departure_date: '2026-12-20', departure_time: null, arrival_time: null },
        { origin: 'DCA', destination: 'BOS', departure_date: '2026-12-20', departure_time: null, arrival_time: null },
      ],
      passengers: [{ type: 'adult' }],
      cabin_class: 'economy',
      return_offers: true,
    });
    expect(sameDay.data.offers.length).toBeGreaterThan(0);
    for (const offer of sameDay.data.offers) {
      const lands = utcOf(offer.slices[0]!.segments.at(-1)!.arriving_at, offer.slices[0]!.destination.iata_code!);
      const leaves = utcOf(offer.slices[1]!.segments[0]!.departing_at, offer.slices[1]!.origin.iata_code!);
      expect(leaves - lands).toBeGreaterThanOrEqual(2 * 3_600_000);
    }
  });

  it("reproduces Duffel's test routes", async () => {
    const oneWay = (origin: string, destination: string) =>
      duffel.offerRequests.create({
        slices: [{ origin, destination, departure_date: '2026-12-20', departure_time: null, arrival_time: null }],
        passengers: [{ type: 'adult' }],
        cabin_class: 'economy',
        return_offers: true,
      });
    expect((await oneWay('PVD', 'RAI')).data.offers).toEqual([]);
    await expect(oneWay('STN', 'LHR')).rejects.toMatchObject({
      errors: [{ code: 'gateway_timeout_error' }],
      meta: { status: 504 },
    });
    // LHR→DXB "connections": connecting offers are always there, beside the route's real non-stops.
    const londonDubai = (await oneWay('LHR', 'DXB')).data.offers;
    expect(londonDubai.some((offer) => offer.slices[0]!.segments.length > 1)).toBe(true);
    const nonstopOwners = londonDubai
      .filter((offer) => offer.slices[0]!.segments.length === 1)
      .map((offer) => offer.owner.iata_code);
    expect(nonstopOwners).toEqual(expect.arrayContaining(['EK', 'BA']));
    const hold = (await oneWay('JFK', 'EWR')).data.offers;
    expect(hold.length).toBeGreaterThan(0);
    expect(hold.every((offer) => !offer.payment_requirements.requires_instant_payment)).toBe(true);
    const noBags = await oneWay('BTS', 'MRU');
    const withServices = await duffel.offers.get(noBags.data.offers[0]!.id, { return_available_services: true });
    expect(withServices.data.available_services).toEqual([]);
  });

  it("answers bad input and injected faults in Duffel's error shape", async () => {
    const bad = duffel.offerRequests.create({
      slices: [
        { origin: 'XXX', destination: 'LHR', departure_date: '2026-12-20', departure_time: null, arrival_time: null },
      ],
      passengers: [{ type: 'adult' }],
      return_offers: false,
    });
    await expect(bad).rejects.toBeInstanceOf(DuffelError);
    await expect(bad).rejects.toMatchObject({
      meta: { status: 422 },
      errors: [{ type: 'validation_error', source: { field: 'slices[0].origin' } }],
    });

    sandbox.faults.setLatency(60);
    const started = performance.now();
    await duffel.suggestions.list({ query: 'paris' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    sandbox.faults.setLatency(0);

    sandbox.faults.failNext(503);
    await expect(duffel.suggestions.list({ query: 'london' })).rejects.toMatchObject({
      meta: { status: 503 },
      errors: [{ type: 'api_error' }],
    });
    const london = await duffel.suggestions.list({ query: 'london' });
    expect(london.data[0]!.city_name).toBe('London');

    const request = await roundTrip('JFK', 'LHR', [{ type: 'adult' }]);
    const offer = (await duffel.offers.list({ offer_request_id: request.data.id, limit: 1 })).data[0]!;
    sandbox.faults.changePrice(offer.id, 1.1);
    const repriced = await duffel.offers.get(offer.id);
    expect(Number(repriced.data.total_amount)).toBeCloseTo(Number(offer.total_amount) * 1.1, 1);
    sandbox.faults.expireOffer(offer.id);
    expect(Date.parse((await duffel.offers.get(offer.id)).data.expires_at)).toBeLessThan(clock.now().getTime());
    await expect(duffel.offers.get('off_nothing_1')).rejects.toMatchObject({
      meta: { status: 404 },
      errors: [{ code: 'not_found' }],
    });
  });
});
