import { nearbyRoutes } from '@contrail/shared/reference/nearby-routes';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { ManualClock } from '../clock.js';
import type { SqlClient } from '../storage/sql.js';
import { testDeps, type TestDeps } from '../test-support/app.js';
import { listen, type Listening } from '../test-support/listen.js';
import { sqlBackends } from '../test-support/sql.js';

let sql: SqlClient;
let deps: TestDeps;
let server: Listening;

beforeAll(async () => {
  sql = await sqlBackends()[0]!.open();
  deps = testDeps(sql, { clock: new ManualClock('2026-11-29T12:00:00Z') });
  server = await listen(createApp(deps), deps);
});
afterAll(async () => {
  await server.close();
  await sql.close();
});

describe('searching a city with several airports (issue 34)', () => {
  it('NYC lists flights from each of New York’s airports, each saying which one it uses', async () => {
    const answer = await request(server.url)
      .post('/api/flights/search')
      .send({ origin: 'NYC', destination: 'LAX', departureDate: '2026-12-20', adultsCount: 1, limit: 100 })
      .expect(200);
    const origins = new Set(
      answer.body.offers.map(
        (offer: { slices: { origin: { iata_code: string } }[] }) => offer.slices[0]!.origin.iata_code,
      ),
    );
    expect([...origins].sort()).toEqual(['EWR', 'JFK', 'LGA']);
  });

  it('with nearby airports, SFO-LAX also lists flights from and to the airports within 150 km', async () => {
    const search = { origin: 'SFO', destination: 'LAX', departureDate: '2026-12-21', adultsCount: 1, limit: 100 };
    const routesOf = (body: {
      offers: { slices: { origin: { iata_code: string }; destination: { iata_code: string } }[] }[];
    }) =>
      new Set(
        body.offers.map((offer) => `${offer.slices[0]!.origin.iata_code}-${offer.slices[0]!.destination.iata_code}`),
      );
    const plain = await request(server.url).post('/api/flights/search').send(search).expect(200);
    expect([...routesOf(plain.body)]).toEqual(['SFO-LAX']);
    const nearby = await request(server.url)
      .post('/api/flights/search')
      .send({ ...search, nearbyAirports: true })
      .expect(200);
    const routes = [...routesOf(nearby.body)];
    expect(routes).toContain('SFO-LAX');
    expect(routes.length).toBeGreaterThan(1);
    const searched = nearbyRoutes('SFO', 'LAX').map((route) => `${route.origin}-${route.destination}`);
    for (const route of routes) expect(searched).toContain(route);
    const more = await request(server.url)
      .get('/api/flights/search')
      .query({ ...search, nearbyAirports: 'true', page: 1, limit: 100 })
      .expect(200);
    expect(more.body.total_count).toBe(nearby.body.meta.total);
  });

  it('refuses a nearby flag that is not yes or no, naming it', async () => {
    const answer = await request(server.url)
      .post('/api/flights/search')
      .send({ origin: 'SFO', destination: 'LAX', departureDate: '2026-12-21', nearbyAirports: 'maybe' })
      .expect(400);
    expect(JSON.stringify(answer.body)).toContain('Include nearby airports must be true or false');
  });
});
