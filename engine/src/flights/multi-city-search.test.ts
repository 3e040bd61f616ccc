import { flightOfferSchema, flightSearchFirstPageSchema, flightSearchPageSchema } from '@contrail/shared/flights/offer';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { ManualClock } from '../clock.js';
import type { SqlClient } from '../storage/sql.js';
import { answerOf } from '../test-support/answer.js';
import { testDeps } from '../test-support/app.js';
import { listen, type Listening } from '../test-support/listen.js';
import { sqlBackends } from '../test-support/sql.js';

const START = '2026-11-22T12:00:00Z';
const THREE_CITIES = 'JFK-LHR-2026-12-20,LHR-CDG-2026-12-23,CDG-JFK-2026-12-28';
const routesOf = (offer: { slices: Array<{ origin: { iata_code: string }; destination: { iata_code: string } }> }) =>
  offer.slices.map((slice) => `${slice.origin.iata_code}-${slice.destination.iata_code}`);

let sql: SqlClient;
let server: Listening;

beforeAll(async () => {
  sql = await sqlBackends()[0]!.open();
  const deps = testDeps(sql, { clock: new ManualClock(START) });
  server = await listen(createApp(deps), deps);
});
afterAll(async () => {
  await server.close();
  await sql.close();
});

const api = () => request(server.url);

describe('multi-city search (issue 34)', () => {
  it('asks the provider for every flight and lists offers that fly them all, in a JSON body or a query', async () => {
    const body = {
      slices: [
        { origin: 'JFK', destination: 'LHR', departureDate: '2026-12-20' },
        { origin: 'LHR', destination: 'CDG', departureDate: '2026-12-23' },
        { origin: 'CDG', destination: 'JFK', departureDate: '2026-12-28' },
      ],
      adultsCount: 1,
    };
    const first = answerOf(flightSearchFirstPageSchema, await api().post('/api/flights/search').send(body).expect(200));
    expect(first.offers.length).toBeGreaterThan(0);
    for (const offer of first.offers) expect(routesOf(offer)).toEqual(['JFK-LHR', 'LHR-CDG', 'CDG-JFK']);
    const queried = answerOf(
      flightSearchPageSchema,
      await api().get('/api/flights/search').query({ slices: THREE_CITIES, page: 1, limit: 30 }).expect(200),
    );
    // The same search: its key includes the flights, so the cached offers answer the query.
    expect(queried.offers.map((offer) => offer.id)).toEqual(first.offers.map((offer) => offer.id));
    const full = answerOf(flightOfferSchema, await api().get(`/api/flights/offer/${first.offers[0]!.id}`).expect(200));
    expect(routesOf(full)).toEqual(['JFK-LHR', 'LHR-CDG', 'CDG-JFK']);
  });

  it('keeps a multi-city search apart from the one-way search of its first and last airports', async () => {
    const multi = await api().post('/api/flights/search').send({ slices: THREE_CITIES }).expect(200);
    const oneWay = await api()
      .post('/api/flights/search')
      .send({ origin: 'JFK', destination: 'LHR', departureDate: '2026-12-20' })
      .expect(200);
    expect(routesOf(oneWay.body.offers[0])).toEqual(['JFK-LHR']);
    expect(multi.body.offers[0].id).not.toBe(oneWay.body.offers[0].id);
  });

  it('refuses flights out of date order, too many flights and a flight beyond the sale window with a 400 naming the flight', async () => {
    const late = await api()
      .post('/api/flights/search')
      .send({ slices: 'JFK-LHR-2026-12-20,LHR-CDG-2026-12-19' })
      .expect(400);
    expect(late.body.errors[0]).toMatchObject({ path: 'slices.1.departureDate' });
    const five = 'JFK-LHR-2026-12-20,LHR-CDG-2026-12-21,CDG-FRA-2026-12-22,FRA-MAD-2026-12-23,MAD-JFK-2026-12-24';
    await api().post('/api/flights/search').send({ slices: five }).expect(400);
    const far = await api()
      .post('/api/flights/search')
      .send({ slices: 'JFK-LHR-2026-12-20,LHR-JFK-2028-01-10' })
      .expect(400);
    expect(far.body.errors[0]).toMatchObject({ path: 'slices.1.departureDate' });
    expect(far.body.message).toMatch(/^Flight 2: /);
  });
});

describe('the price calendar', () => {
  it('is for one-way and round-trip searches only', async () => {
    const refused = await api().get('/api/flights/calendar').query({ slices: THREE_CITIES }).expect(400);
    expect(refused.body.message).toBe('Flexible dates are for one-way and round-trip searches');
  });
});
