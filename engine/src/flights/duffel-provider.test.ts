import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { DuffelSandbox } from '@contrail/sandboxes/duffel/sandbox';
import { servedSandbox, type ServedSandbox } from '@contrail/sandboxes/duffel/test-support/served-sandbox';
import type { SearchOffer } from '@contrail/shared';
import { offerDurationMinutes } from '@contrail/shared/results/offer-facts';
import { duffelFlightProvider } from './duffel-provider.js';
import { FlightProviderError, type FlightProvider, type OrderPassengerInput } from './provider.js';

const clock = new ManualClock('2026-11-22T12:00:00Z');
const sandbox = new DuffelSandbox(clock);
let served: ServedSandbox;
let provider: FlightProvider;

beforeAll(async () => {
  served = await servedSandbox(sandbox);
  provider = duffelFlightProvider(() => ({ token: 'duffel_test_x', basePath: served.basePath }));
});
afterAll(() => served.close());
afterEach(() => sandbox.faults.reset());

const search = {
  origin: 'SFO',
  destination: 'SEA',
  departureDate: '2026-12-20',
  returnDate: undefined,
  cabinClass: 'economy' as const,
  adultsCount: 1,
  childrenCount: 1,
  infantsCount: 1,
};

function passengersFor(ids: Array<{ id: string; type: string | null }>): OrderPassengerInput[] {
  const infant = ids.find((p) => p.type === 'infant_without_seat');
  return ids.map((p, i) => ({
    id: p.id,
    title: i === 0 ? 'mr' : 'miss',
    gender: i === 0 ? 'm' : 'f',
    given_name: ['Sam', 'Kim', 'Lou'][i]!,
    family_name: 'Park',
    born_on: ['1980-01-01', '2018-06-01', '2026-01-01'][i]!,
    email: 'sam@example.com',
    phone_number: '+14155550100',
    ...(p.type === 'adult' && infant && { infant_passenger_id: infant.id }),
  }));
}

describe('the @duffel/api flight provider (against the sandbox)', () => {
  it('searches with children and infants, then books, reads and cancels an order', async () => {
    const offers = await provider.search(search);
    expect(offers.length).toBeGreaterThan(0);
    const offer = offers[0]!;
    expect(offer.passengers.map((p) => p.type)).toEqual(['adult', 'child', 'infant_without_seat']);
    expect(offer.passenger_identity_documents_required).toBe(false);

    const order = await provider.createOrder({
      offerId: offer.id,
      passengers: passengersFor(offer.passengers),
      amount: offer.total_amount,
      currency: offer.total_currency,
      metadata: { booking_id: 'b-1' },
    });
    expect(order.booking_reference).toMatch(/^[A-Z0-9]{6}$/);
    expect(order.total_amount).toBe(offer.total_amount);
    expect((await provider.getOrder(order.id)).passengers).toHaveLength(3);
    expect((await provider.findOrderByMetadata('booking_id', 'b-1'))?.id).toBe(order.id);
    expect(await provider.findOrderByMetadata('booking_id', 'b-2')).toBeUndefined();

    const again = provider.createOrder({
      offerId: offer.id,
      passengers: passengersFor(offer.passengers),
      amount: offer.total_amount,
      currency: 'USD',
    });
    await expect(again).rejects.toMatchObject({ kind: 'offer_unavailable', providerCode: 'offer_no_longer_available' });

    const quote = await provider.quoteCancellation(order.id);
    expect(quote.confirmed_at).toBeNull();
    const confirmed = await provider.confirmCancellation(quote.id);
    expect(confirmed.confirmed_at).not.toBeNull();
    expect((await provider.getOrder(order.id)).cancelled_at).toBe(confirmed.confirmed_at);
  });

  it('lists a started search page by page in each order, in the search view of the full offers', async () => {
    const params = { ...search, childrenCount: 0, infantsCount: 0, departureDate: '2026-12-22' };
    const everything = await provider.search(params);
    const id = await provider.startSearch(params);
    for (const [sort, value] of [
      ['price-asc', (offer: SearchOffer) => Number(offer.total_amount)],
      ['price-desc', (offer: SearchOffer) => -Number(offer.total_amount)],
      ['duration-asc', (offer: SearchOffer) => offerDurationMinutes(offer)!],
    ] as const) {
      const listed: SearchOffer[] = [];
      let after: string | null | undefined;
      do {
        const page = await provider.listOffers(id, { sort, limit: 7, ...(after && { after }) });
        expect(page.offers.length).toBeLessThanOrEqual(7);
        listed.push(...page.offers);
        after = page.after;
      } while (after);
      expect(listed).toHaveLength(everything.length);
      const values = listed.map(value);
      expect(values, sort).toEqual([...values].sort((a, b) => a - b));
    }
    const first = (await provider.listOffers(id, { sort: 'price-asc', limit: 1 })).offers[0]!;
    expect(await provider.getOffer(first.id, { withServices: true })).toMatchObject(first);
    await expect(provider.listOffers('orq_nonesuch', { sort: 'price-asc', limit: 5 })).rejects.toMatchObject({
      kind: 'not_found',
    });
  });

  it('classifies price changes, unknown offers, timeouts and outages', async () => {
    const [offer] = await provider.search({
      ...search,
      childrenCount: 0,
      infantsCount: 0,
      departureDate: '2026-12-21',
    });
    sandbox.faults.changePrice(offer!.id, 1.2);
    const repriced = await provider.getOffer(offer!.id);
    expect(Number(repriced.total_amount)).toBeGreaterThan(Number(offer!.total_amount));
    const stale = provider.createOrder({
      offerId: offer!.id,
      passengers: passengersFor(offer!.passengers),
      amount: offer!.total_amount,
      currency: 'USD',
    });
    await expect(stale).rejects.toMatchObject({ kind: 'price_changed' });

    await expect(provider.getOffer('off_unknown_1')).rejects.toMatchObject({ kind: 'not_found', status: 404 });
    sandbox.faults.timeoutNext();
    await expect(provider.getSeatMaps(offer!.id)).rejects.toMatchObject({ kind: 'timeout' });
    sandbox.faults.failNext(503);
    await expect(provider.getOffer(offer!.id)).rejects.toBeInstanceOf(FlightProviderError);
    const nowhere = duffelFlightProvider(() => ({ token: 'x', basePath: 'http://127.0.0.1:9/duffel/' }));
    await expect(nowhere.getOffer(offer!.id)).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
