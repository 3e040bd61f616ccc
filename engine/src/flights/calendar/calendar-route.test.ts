import { calendarAnswerSchema } from '@contrail/shared/flights/calendar';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { ManualClock } from '../../clock.js';
import type { SqlClient } from '../../storage/sql.js';
import { answerOf } from '../../test-support/answer.js';
import { testDeps, type TestDeps } from '../../test-support/app.js';
import { listen, type Listening } from '../../test-support/listen.js';
import { sqlBackends } from '../../test-support/sql.js';
import { eventually } from '../../test-support/eventually.js';

const seaSfo = {
  origin: 'SEA',
  destination: 'SFO',
  departureDate: '2026-12-20',
  adultsCount: 1,
  cabinClass: 'economy',
};

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

const api = () => request(server.url);

describe('GET /api/flights/calendar', () => {
  it('prices the seven days around a one-way search from live searches, the cheapest equal to the search itself', async () => {
    const answer = answerOf(calendarAnswerSchema, await api().get('/api/flights/calendar').query(seaSfo).expect(200));
    expect(answer.cells.map((cell) => cell.departureDate)).toEqual([
      '2026-12-17',
      '2026-12-18',
      '2026-12-19',
      '2026-12-20',
      '2026-12-21',
      '2026-12-22',
      '2026-12-23',
    ]);
    expect(answer.cells.every((cell) => cell.status === 'priced' && cell.live)).toBe(true);
    const search = await api()
      .post('/api/flights/search')
      .send({ ...seaSfo, departureDate: '2026-12-21' })
      .expect(200);
    const cheapest = Math.min(
      ...search.body.offers.map((offer: { total_amount: string }) => Number(offer.total_amount)),
    );
    expect(Number(answer.cells[4]!.cheapest!.total_amount)).toBe(cheapest);
  });

  it('indexes every search travellers run: the calendar then reads that day from the index', async () => {
    const business = { ...seaSfo, cabinClass: 'business', departureDate: '2027-01-15' };
    await api().post('/api/flights/search').send(business).expect(200);
    const indexed = await eventually(
      async () =>
        (await sql.query('SELECT 1 FROM price_index WHERE search_key LIKE $1', ['SEA|SFO|2027-01-15|%business%'])).rows,
      (rows) => rows.length === 1,
    );
    expect(indexed).toHaveLength(1);
    const answer = answerOf(calendarAnswerSchema, await api().get('/api/flights/calendar').query(business).expect(200));
    expect(answer.cells[3]).toMatchObject({ departureDate: '2027-01-15', status: 'priced', live: false });
    expect(answer.cells.filter((cell) => cell.live)).toHaveLength(6);
  });

  it('refuses a search it could not run, with the search form’s own words', async () => {
    const missing = await api().get('/api/flights/calendar').query({ origin: 'SEA' }).expect(400);
    expect(missing.body.code).toBe('MISSING_SEARCH_PARAMS');
    const past = await api()
      .get('/api/flights/calendar')
      .query({ ...seaSfo, departureDate: '2026-11-01' })
      .expect(400);
    expect(JSON.stringify(past.body)).toContain('Departure date cannot be in the past');
  });

  it('?view=month prices every departure of the month, at most a dozen live searches an answer', async () => {
    const month = { ...seaSfo, departureDate: '2027-03-10', cabinClass: 'first' };
    const first = answerOf(
      calendarAnswerSchema,
      await api()
        .get('/api/flights/calendar')
        .query({ ...month, view: 'month' })
        .expect(200),
    );
    expect(first.cells.map((cell) => cell.departureDate)).toHaveLength(31);
    expect(first.cells[0]!.departureDate).toBe('2027-03-01');
    expect(first.cells.filter((cell) => cell.status !== 'pending').length).toBeLessThanOrEqual(12);
    const filled = await eventually(
      async () =>
        answerOf(
          calendarAnswerSchema,
          await api()
            .get('/api/flights/calendar')
            .query({ ...month, view: 'month' }),
        ),
      (answer) => answer.pending === 0,
    );
    expect(filled.cells.every((cell) => cell.status === 'priced')).toBe(true);
  });

  it('refuses a view it does not know', async () => {
    const wrong = await api()
      .get('/api/flights/calendar')
      .query({ ...seaSfo, view: 'year' })
      .expect(400);
    expect(JSON.stringify(wrong.body)).toContain('view must be nearby or month');
  });
});
