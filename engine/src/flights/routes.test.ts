import { DEFAULT_BRAND, type FlightOffer, type SearchOffer } from '@contrail/shared';
import { flightOfferSchema, flightSearchFirstPageSchema, flightSearchPageSchema } from '@contrail/shared/flights/offer';
import { seatMapListSchema } from '@contrail/shared/flights/seat-map';
import { sortOffers } from '@contrail/shared/results/sort';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { ManualClock } from '../clock.js';
import type { DuffelSandbox } from '@contrail/sandboxes';
import type { SqlClient } from '../storage/sql.js';
import { answerOf } from '../test-support/answer.js';
import { testDeps, type TestDeps } from '../test-support/app.js';
import { listen, type Listening } from '../test-support/listen.js';
import { sqlBackends } from '../test-support/sql.js';
import type { FlightProvider } from './provider.js';

const START = '2026-11-22T12:00:00Z';
const jfkLhr = {
  origin: 'JFK',
  destination: 'LHR',
  departureDate: '2026-12-20',
  returnDate: '2026-12-27',
  adultsCount: 2,
  cabinClass: 'economy',
};

let sql: SqlClient;
let deps: TestDeps;
let server: Listening;
let clock: ManualClock;
let sandbox: DuffelSandbox;
const calls = { search: 0, listed: 0, getOffer: 0 };

function counting(provider: FlightProvider): FlightProvider {
  return {
    ...provider,
    startSearch: (params) => {
      calls.search += 1;
      return provider.startSearch(params);
    },
    listOffers: async (id, page) => {
      const found = await provider.listOffers(id, page);
      calls.listed += found.offers.length;
      return found;
    },
    getOffer: (id, options) => {
      calls.getOffer += 1;
      return provider.getOffer(id, options);
    },
  };
}

beforeAll(async () => {
  sql = await sqlBackends()[0]!.open();
  clock = new ManualClock(START);
  const base = testDeps(sql, { clock });
  deps = { ...base, flights: counting(base.flights!) };
  sandbox = deps.duffelSandbox!;
  server = await listen(createApp(deps), deps);
});
afterAll(async () => {
  await server.close();
  await sql.close();
});
afterEach(() => {
  sandbox.faults.reset();
  clock.set(START);
});

const api = () => request(server.url);

describe('POST and GET /api/flights/search', () => {
  it('answers page 1 and later pages from one provider search, read only as far as they need', async () => {
    const before = { ...calls };
    const first = await api().post('/api/flights/search').send(jfkLhr).expect(200);
    answerOf(flightSearchFirstPageSchema, first);
    expect(first.body.offers).toHaveLength(30);
    expect(first.body.meta).toMatchObject({ page: 1, limit: 30, has_more: true });
    expect(first.body.meta.total).toBeGreaterThanOrEqual(30);
    expect(calls.listed - before.listed).toBeLessThan(60);
    const offer: SearchOffer = first.body.offers[0];
    expect(offer.slices[0]!.origin.iata_code).toBe('JFK');
    expect(offer.slices[0]!.segments[0]!.flight_number).toMatch(/^[A-Z0-9]{2} \d+$/);
    expect(typeof offer.conditions.refundable).toBe('boolean');

    const next = await api()
      .get('/api/flights/search')
      .query({ ...jfkLhr, childrenCount: 0, infantsCount: 0, page: 2, limit: 10 })
      .expect(200);
    answerOf(flightSearchPageSchema, next);
    expect(next.body.offers[0].id).toBe(first.body.offers[10].id);
    const more = await api()
      .get('/api/flights/search')
      .query({ ...jfkLhr, page: 1, limit: 100, returnDate: '2026-12-27' })
      .expect(200);
    expect(more.body.offers.map((each: SearchOffer) => each.id).slice(0, 30)).toEqual(
      first.body.offers.map((each: SearchOffer) => each.id),
    );
    let page = 2;
    let last = more.body;
    while (last.has_more) {
      last = (
        await api()
          .get('/api/flights/search')
          .query({ ...jfkLhr, page, limit: 100 })
          .expect(200)
      ).body;
      page += 1;
    }
    expect(last.total_count).toBe((page - 2) * 100 + last.offers.length);
    const cheapestFirst = [...more.body.offers, ...last.offers].map((each: SearchOffer) => Number(each.total_amount));
    expect(cheapestFirst).toEqual([...cheapestFirst].sort((a, b) => a - b));
    expect(calls.search - before.search).toBe(1);
    expect((await api().post('/api/flights/search').send(jfkLhr).expect(200)).body.meta).toMatchObject({
      total: last.total_count,
      has_more: false,
    });

    clock.advance(5 * 60_000 + 1);
    await api().post('/api/flights/search').send(jfkLhr).expect(200);
    expect(calls.search - before.search).toBe(2);
  });

  it("lists offers in the search view: the seed's fields, each the full offer's value", async () => {
    const listed: SearchOffer = (await api().post('/api/flights/search').send(jfkLhr).expect(200)).body.offers[0];
    expect(Object.keys(listed).sort()).toEqual(
      [
        'id',
        'expires_at',
        'total_amount',
        'total_currency',
        'base_amount',
        'base_currency',
        'tax_amount',
        'tax_currency',
        'owner',
        'passengers',
        'total_emissions_kg',
        'slices',
        'cabin_class',
        'conditions',
        'available_services',
        'passenger_identity_documents_required',
      ].sort(),
    );
    const segment = listed.slices[0]!.segments[0]!;
    expect(Object.keys(segment.origin).sort()).toEqual(['city_name', 'country_code', 'iata_code', 'name']);
    expect(Object.keys(segment.marketing_carrier).sort()).toEqual(['iata_code', 'logo_url', 'name']);
    const full = answerOf(flightOfferSchema, await api().get(`/api/flights/offer/${listed.id}`).expect(200));
    expect(full).toMatchObject(listed);
  });

  it('sends pages in brotli or gzip as the client takes them, with a weak ETag that a GET revalidates', async () => {
    const query = { ...jfkLhr, departureDate: '2026-12-21', page: 1, limit: 100 };
    const plain = await api().get('/api/flights/search').query(query).set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    expect(plain.headers.etag).toMatch(/^W\/"/);
    for (const encoding of ['br', 'gzip']) {
      const compressed = await api().get('/api/flights/search').query(query).set('Accept-Encoding', encoding);
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(Number(compressed.headers['content-length'])).toBeLessThan(Number(plain.headers['content-length']) / 4);
      expect(compressed.body).toEqual(plain.body);
      expect(compressed.headers.etag).toBe(plain.headers.etag);
    }
    const again = await api().get('/api/flights/search').query(query).set('If-None-Match', plain.headers.etag!);
    expect(again.status).toBe(304);
  });

  it('sorts every offer found before paging, so the fastest of them all come first (issue 20)', async () => {
    const everyOffer: FlightOffer[] = [];
    for (let page = 1; page === 1 || everyOffer.length % 100 === 0; page += 1) {
      const found = await api()
        .get('/api/flights/search')
        .query({ ...jfkLhr, page, limit: 100 })
        .expect(200);
      everyOffer.push(...found.body.offers);
      if (found.body.offers.length === 0 || everyOffer.length >= found.body.total_count) break;
    }
    expect(everyOffer.length).toBeGreaterThan(30);
    const fastest = sortOffers(everyOffer, 'duration-asc').slice(0, 30);
    const first = await api()
      .post('/api/flights/search')
      .send({ ...jfkLhr, sort: 'duration-asc' })
      .expect(200);
    expect(first.body.meta.sort).toBe('duration-asc');
    expect(first.body.offers.map((offer: FlightOffer) => offer.id)).toEqual(fastest.map((offer) => offer.id));
    // A fast offer beyond the first 30 by price is on page 1 now.
    const cheapestIds = new Set(everyOffer.slice(0, 30).map((offer) => offer.id));
    expect(fastest.some((offer) => !cheapestIds.has(offer.id))).toBe(true);
    const page2 = await api()
      .get('/api/flights/search')
      .query({ ...jfkLhr, sort: 'duration-asc', page: 2, limit: 30 })
      .expect(200);
    expect(page2.body.offers[0].id).toBe(sortOffers(everyOffer, 'duration-asc')[30]?.id);
    await api()
      .post('/api/flights/search')
      .send({ ...jfkLhr, sort: 'fastest' })
      .expect(400);
  });

  it('filters every offer found, counts them, and pages the filtered list in our own orders too (issue 33, 35)', async () => {
    const everyOffer: FlightOffer[] = [];
    for (let page = 1; page === 1 || everyOffer.length % 100 === 0; page += 1) {
      const found = await api()
        .get('/api/flights/search')
        .query({ ...jfkLhr, page, limit: 100 })
        .expect(200);
      everyOffer.push(...found.body.offers);
      if (found.body.offers.length === 0 || everyOffer.length >= found.body.total_count) break;
    }
    const refundable = everyOffer.filter((offer) => offer.conditions.refundable);
    expect(refundable.length).toBeGreaterThan(0);
    expect(refundable.length).toBeLessThan(everyOffer.length);

    const first = await api()
      .post('/api/flights/search')
      .send({ ...jfkLhr, refundable: true, limit: 5 })
      .expect(200);
    expect(first.body.meta).toMatchObject({ total: refundable.length, has_more: false });
    expect(first.body.facets.found).toBe(everyOffer.length);
    expect(first.body.offers.map((offer: FlightOffer) => offer.id)).toEqual(
      refundable.slice(0, 5).map((offer) => offer.id),
    );
    // Load More continues the filtered list.
    const next = await api()
      .get('/api/flights/search')
      .query({ ...jfkLhr, refundable: 'true', page: 2, limit: 5 })
      .expect(200);
    expect(next.body.offers.map((offer: FlightOffer) => offer.id)).toEqual(
      refundable.slice(5, 10).map((offer) => offer.id),
    );

    for (const sort of ['best', 'emissions-asc'] as const) {
      const page = await api()
        .post('/api/flights/search')
        .send({ ...jfkLhr, sort, limit: 10 })
        .expect(200);
      expect(page.body.meta).toMatchObject({ sort, total: everyOffer.length });
      expect(page.body.offers.map((offer: FlightOffer) => offer.id)).toEqual(
        sortOffers(everyOffer, sort)
          .slice(0, 10)
          .map((offer) => offer.id),
      );
    }
    expect(first.body.facets.emissionsKg.median).toBeGreaterThan(0);
    expect(everyOffer.every((offer) => Number(offer.total_emissions_kg) > 0)).toBe(true);
  });

  it.each([
    [{ ...jfkLhr, origin: undefined }, 'Missing required flight search parameters'],
    [
      { ...jfkLhr, sort: 'fastest' },
      'Sort order must be Price: Low to High, Price: High to Low, Duration: Shortest, Best or Emissions: Lowest',
    ],
    [{ ...jfkLhr, maxPrice: 'cheap' }, 'Highest price must be a number'],
    [{ ...jfkLhr, via: 'L;HR' }, 'Connecting airports must be 2 or 3 letter codes'],
    [{ ...jfkLhr, adultsCount: 5, childrenCount: 5 }, 'You can book up to 9 passengers at a time.'],
    [{ ...jfkLhr, departureDate: '' }, 'Missing required flight search parameters'],
    [{ ...jfkLhr, origin: 'JFKK' }, 'Origin must be a 3-letter airport code'],
    [
      { ...jfkLhr, cabinClass: 'luxury' },
      'Cabin class must be Economy, Premium Economy, Business Class or First Class',
    ],
    [{ ...jfkLhr, adultsCount: 10 }, 'Adults must be a whole number between 1 and 9'],
    [{ ...jfkLhr, limit: 101 }, 'Results per page must be a whole number between 1 and 100'],
    [{ ...jfkLhr, returnDate: '2026-12-01' }, 'Return date cannot be before departure date'],
    [{ ...jfkLhr, departureDate: '2026-01-01', returnDate: undefined }, 'Departure date cannot be in the past'],
    // Issue 33 item 9: about 330 days ahead, as airlines sell.
    [
      { ...jfkLhr, departureDate: '2028-01-10', returnDate: undefined },
      /^Departure date is too far ahead: flights are sold up to 330 days in advance, until /,
    ],
    [{ ...jfkLhr, returnDate: '2029-01-10' }, /^Return date is too far ahead/],
  ])('refuses %o with a 400 naming the problem in traveller words', async (body, message) => {
    const response = await api().post('/api/flights/search').send(body).expect(400);
    if (typeof message === 'string') expect(response.body.message).toBe(message);
    else expect(response.body.message).toMatch(message);
  });

  it('lists the missing fields with the form messages', async () => {
    const response = await api().get('/api/flights/search').query({ origin: 'JFK' }).expect(400);
    expect(response.body).toMatchObject({
      message: 'Missing required flight search parameters',
      errors: [
        { path: 'destination', message: 'Destination is required' },
        { path: 'departureDate', message: 'Departure date is required' },
      ],
    });
  });

  it('answers an empty list for a route no one flies and 504 when the provider times out', async () => {
    const none = await api()
      .post('/api/flights/search')
      .send({ origin: 'PVD', destination: 'RAI', departureDate: '2026-12-20' })
      .expect(200);
    expect(none.body).toMatchObject({ offers: [], meta: { total: 0 } });
    const slow = await api()
      .post('/api/flights/search')
      .send({ origin: 'STN', destination: 'LHR', departureDate: '2026-12-20' })
      .expect(504);
    expect(slow.body.code).toBe('PROVIDER_TIMEOUT');
    sandbox.faults.failNext(500, { pathIncludes: 'offer_requests' });
    const broken = await api()
      .post('/api/flights/search')
      .send({ origin: 'BOS', destination: 'SFO', departureDate: '2026-12-21' })
      .expect(502);
    expect(broken.body.code).toBe('PROVIDER_ERROR');
  });
});

describe('offers, seat maps and verification', () => {
  async function firstOffer(body: object = jfkLhr): Promise<FlightOffer> {
    return (await api().post('/api/flights/search').send(body).expect(200)).body.offers[0];
  }

  it('gives an offer with its services, and its seat maps', async () => {
    const found = await firstOffer();
    const offer = (await api().get(`/api/flights/offer/${found.id}`).expect(200)).body as FlightOffer;
    expect(offer.id).toBe(found.id);
    expect(offer.available_services[0]).toMatchObject({ type: 'baggage', name: 'Checked bag' });
    expect(offer.passenger_identity_documents_required).toBe(true);
    const all = (
      await api()
        .get('/api/flights/search')
        .query({ ...jfkLhr, limit: 100 })
        .expect(200)
    ).body.offers as SearchOffer[];
    const fullService = all.find((candidate) =>
      candidate.slices.every((slice) =>
        slice.segments.every((s) => ['AA', 'BA', 'DL', 'VS'].includes(s.operating_carrier.iata_code ?? '')),
      ),
    )!;
    const seatMaps = answerOf(
      seatMapListSchema,
      await api().get(`/api/flights/seatmaps/${fullService.id}`).expect(200),
    );
    expect(seatMaps).toHaveLength(fullService.slices.reduce((sum, slice) => sum + slice.segments.length, 0));
    expect(seatMaps[0]!.slice_id).toBe(fullService.slices[0]!.id);
    const rows = seatMaps[0]!.cabins.flatMap((cabin) => cabin.rows);
    expect(rows.some((row) => row.number === null)).toBe(true);
    const seats = rows
      .flatMap((row) => row.sections.flatMap((section) => section.elements))
      .filter((e) => e.type === 'seat');
    expect(seats.some((seat) => seat.available === true && seat.available_services!.length === 2)).toBe(true);
    expect(seats.some((seat) => seat.available === false)).toBe(true);
  });

  it('answers [] for an airline without seat maps', async () => {
    const search = (
      await api()
        .post('/api/flights/search')
        .send({ origin: 'LAS', destination: 'DEN', departureDate: '2026-12-20', limit: 100 })
    ).body;
    const openSeating = (search.offers as SearchOffer[]).find((offer) =>
      offer.slices.every((slice) =>
        slice.segments.every((segment) => ['WN', 'F9', 'NK'].includes(segment.operating_carrier.iata_code ?? '')),
      ),
    )!;
    expect((await api().get(`/api/flights/seatmaps/${openSeating.id}`).expect(200)).body).toEqual([]);
  });

  it('refuses a missing or malformed offer id and says when an offer does not exist', async () => {
    expect((await api().get('/api/flights/offer/').expect(400)).body.message).toBe('Offer ID is required');
    expect((await api().get('/api/flights/seatmaps').expect(400)).body.message).toBe('Offer ID is required');
    expect((await api().get('/api/flights/offer/abc').expect(400)).body.code).toBe('INVALID_OFFER_ID');
    expect((await api().get('/api/flights/offer/off_doesnotexist_3').expect(404)).body.code).toBe('OFFER_NOT_FOUND');
  });

  it('verifies an offer, asking the provider at most once per 10 seconds, and says 410 once it expired', async () => {
    const offer = await firstOffer({ ...jfkLhr, departureDate: '2026-12-22' });
    const before = calls.getOffer;
    const polls = await Promise.all(
      Array.from({ length: 5 }, () => api().get(`/api/flights/verify-offer/${offer.id}`)),
    );
    for (const poll of polls) {
      expect(poll.status).toBe(200);
      expect(poll.body).toMatchObject({
        valid: true,
        error: null,
        offer_id: offer.id,
        expires_at: offer.expires_at,
        minutes_remaining: 30,
      });
    }
    expect(calls.getOffer - before).toBe(1);
    clock.advance(9_000);
    await api().get(`/api/flights/verify-offer/${offer.id}`).expect(200);
    expect(calls.getOffer - before).toBe(1);
    clock.advance(2_000);
    await api().get(`/api/flights/verify-offer/${offer.id}`).expect(200);
    expect(calls.getOffer - before).toBe(2);

    clock.advance(30 * 60_000);
    const expired = await api().get(`/api/flights/verify-offer/${offer.id}`).expect(410);
    expect(expired.body).toMatchObject({
      valid: false,
      error: 'OFFER_EXPIRED',
      message: 'This flight offer has expired. Please select another flight.',
      minutes_remaining: 0,
    });
  });

  it('answers verification failures with the seed codes', async () => {
    const missing = await api().get('/api/flights/verify-offer/').expect(400);
    expect(missing.body).toMatchObject({ valid: false, error: 'MISSING_OFFER_ID', message: 'Offer ID is required' });
    const offer = await firstOffer({ ...jfkLhr, departureDate: '2026-12-23' });
    sandbox.faults.expireOffer(offer.id);
    expect((await api().get(`/api/flights/verify-offer/${offer.id}`).expect(410)).body.error).toBe('OFFER_EXPIRED');
    const other = await firstOffer({ ...jfkLhr, departureDate: '2026-12-24' });
    sandbox.faults.failNext(500, { pathIncludes: 'air/offers/' });
    const failed = await api().get(`/api/flights/verify-offer/${other.id}`).expect(502);
    expect(failed.body).toMatchObject({
      valid: false,
      error: 'API_ERROR',
      message: 'Error checking offer validity (502)',
    });
  });
});

describe('system mode and brands', () => {
  it('reports test mode until an admin switches', async () => {
    expect((await api().get('/api/system/mode').expect(200)).body).toEqual({ isLiveMode: false, mode: 'test' });
  });

  it('serves the built-in default brand, 404 for an unknown key and 400 for a malformed one', async () => {
    expect((await api().get('/api/brands/default').expect(200)).body).toEqual(DEFAULT_BRAND);
    expect((await api().get('/api/brands/no-such-brand.example').expect(404)).body).toEqual({
      message: 'Brand not found',
      code: 'BRAND_NOT_FOUND',
    });
    expect((await api().get('/api/brands/bad_key!').expect(400)).body.message).toContain('key must be a brand key');
  });
});
