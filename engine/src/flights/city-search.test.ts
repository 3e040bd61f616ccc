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
});
