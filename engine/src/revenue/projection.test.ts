import { revenueReportSchema, ZERO_FIGURES } from '@contrail/shared/admin/revenue';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTestApp, type AdminTestApp } from '../admin/test-support/admin-app.js';
import type { RecordedEvent } from '../eventstore/eventstore.js';
import type { SqlClient } from '../storage/sql.js';
import { sqlBackends } from '../test-support/sql.js';
import { revenueProjection } from './projection.js';
import { RevenueReadModel, wholeMonths } from './queries.js';
import { cancelledBooking, recordedEvents, soldBooking } from './test-support/revenue-events.js';

const day1 = '2026-11-20T10:00:00.000Z';
const day2 = '2026-11-23T09:00:00.000Z';

/**
 * Given: two sales on the default brand (one priced by its route rule, one by its default, cancelled
 * three days later), one on skyfares.com (its default).
 */
function givenEvents(): RecordedEvent[] {
  const streams = [
    recordedEvents(
      'a',
      soldBooking({
        bookingId: 'a',
        brandKey: 'default',
        price: 50_000,
        providerCost: 40_000,
        captureFee: 1_480,
        travellers: 2,
        ruleId: 'jfk-lhr',
        at: day1,
      }),
    ),
    recordedEvents(
      'b',
      [
        ...soldBooking({
          bookingId: 'b',
          brandKey: 'default',
          price: 30_000,
          providerCost: 25_000,
          captureFee: 900,
          route: ['CDG', 'JFK'],
          carrier: 'AF',
          ruleId: 'default',
          at: day1,
        }),
        ...cancelledBooking({ bookingId: 'b', providerRefund: 20_000, refund: 24_000, refundFee: 0, at: day2 }),
      ],
      100,
    ),
    recordedEvents(
      'c',
      soldBooking({
        bookingId: 'c',
        brandKey: 'skyfares.com',
        price: 70_000,
        providerCost: 60_000,
        captureFee: 2_060,
        ruleId: 'default',
        at: day2,
      }),
      200,
    ),
  ];
  // Interleaved as a store would deliver concurrent bookings.
  return streams
    .flat()
    .sort((x, y) => Number(x.position.commit - y.position.commit) || x.streamName.localeCompare(y.streamName));
}

const rowsOf = async (sql: SqlClient) => ({
  days: await new RevenueReadModel(sql).days('2026-01-01', '2026-12-31', { all: true }),
  ranked: (await new RevenueReadModel(sql).ranked('2026-01-01', '2026-12-31', { all: true })).sort((x, y) =>
    `${x.kind} ${x.key} ${x.brandKey ?? ''}`.localeCompare(`${y.kind} ${y.key} ${y.brandKey ?? ''}`),
  ),
});

describe.each(sqlBackends())('the revenue projection and its API on $name', (backend) => {
  let sql: SqlClient;
  let admin: AdminTestApp;
  beforeAll(async () => {
    sql = await backend.open();
    admin = await adminTestApp(sql);
  });
  afterAll(async () => {
    await sql?.close();
  });

  it('given the events one by one, then these rows; in batches or rebuilt from zero, the same rows', async () => {
    const events = givenEvents();
    await sql.transaction(async (tx) => {
      for (const event of events) await revenueProjection.apply(tx, event);
    });
    const oneByOne = await rowsOf(sql);
    expect(oneByOne.days).toEqual([
      {
        brandKey: 'default',
        day: '2026-11-20',
        currency: 'USD',
        figures: {
          ...ZERO_FIGURES,
          bookings: 2,
          travellers: 3,
          grossSales: 80_000,
          providerCost: 65_000,
          markupMargin: 15_000,
          cardFees: 2_380,
          netMargin: 15_000 - 2_380,
        },
      },
      {
        brandKey: 'default',
        day: '2026-11-23',
        currency: 'USD',
        figures: {
          ...ZERO_FIGURES,
          refunds: 24_000,
          providerRefunds: 20_000,
          feesKept: 6_000,
          cancellations: 1,
          netMargin: -4_000,
        },
      },
      {
        brandKey: 'skyfares.com',
        day: '2026-11-23',
        currency: 'USD',
        figures: {
          ...ZERO_FIGURES,
          bookings: 1,
          travellers: 1,
          grossSales: 70_000,
          providerCost: 60_000,
          markupMargin: 10_000,
          cardFees: 2_060,
          netMargin: 7_940,
        },
      },
    ]);
    expect(
      oneByOne.ranked.map(({ kind, key, brandKey, bookings, grossSales, providerCost, markupMargin }) => [
        kind,
        key,
        brandKey,
        bookings,
        grossSales,
        providerCost,
        markupMargin,
      ]),
    ).toEqual([
      ['carrier', 'AF', undefined, 1, 30_000, 25_000, 5_000],
      ['carrier', 'BA', undefined, 2, 120_000, 100_000, 20_000],
      ['route', 'CDG-JFK', undefined, 1, 30_000, 25_000, 5_000],
      ['route', 'JFK-LHR', undefined, 2, 120_000, 100_000, 20_000],
      // Rules are their brand's: the two brands' defaults stay apart.
      ['rule', 'default', 'default', 1, 30_000, 25_000, 5_000],
      ['rule', 'default', 'skyfares.com', 1, 70_000, 60_000, 10_000],
      ['rule', 'jfk-lhr', 'default', 1, 50_000, 40_000, 10_000],
    ]);

    await sql.transaction((tx) => revenueProjection.reset(tx));
    expect((await rowsOf(sql)).days).toEqual([]);
    const kept = new Map<string, unknown>();
    for (let start = 0; start < events.length; start += 4)
      await sql.transaction((tx) => revenueProjection.applyBatch!(tx, events.slice(start, start + 4), kept));
    expect(await rowsOf(sql)).toEqual(oneByOne);

    // A batch that finds nothing kept reads the bookings' facts back from the table.
    await sql.transaction((tx) => revenueProjection.reset(tx));
    for (let start = 0; start < events.length; start += 3)
      await sql.transaction((tx) => revenueProjection.applyBatch!(tx, events.slice(start, start + 3), new Map()));
    expect(await rowsOf(sql)).toEqual(oneByOne);

    // Whole months come from the month rows and the days around them from the day rows: a range
    // cut inside November counts each sale once, on its own day.
    const rankedIn = async (from: string, to: string) =>
      (await new RevenueReadModel(sql).ranked(from, to, { all: true }))
        .filter((row) => row.kind === 'route')
        .map((row) => [row.key, row.bookings, row.grossSales])
        .sort((x, y) => String(x[0]).localeCompare(String(y[0])));
    expect(await rankedIn('2026-10-01', '2026-11-20')).toEqual([
      ['CDG-JFK', 1, 30_000],
      ['JFK-LHR', 1, 50_000],
    ]);
    expect(await rankedIn('2026-11-21', '2027-01-31')).toEqual([['JFK-LHR', 1, 70_000]]);
    expect(await rankedIn('2026-11-21', '2026-11-22')).toEqual([]);
    expect(await rankedIn('2026-11-01', '2026-11-30')).toEqual([
      ['CDG-JFK', 1, 30_000],
      ['JFK-LHR', 2, 120_000],
    ]);
  });

  it('answers a platform admin every brand by week, with totals, rates and the top routes', async () => {
    const response = await request(admin.app)
      .get('/api/admin/revenue?from=2026-11-01&to=2026-11-30&granularity=week')
      .set('Cookie', await admin.cookie('root'))
      .expect(200);
    const report = revenueReportSchema.parse(response.body);
    expect(report.brands).toEqual(['default', 'skyfares.com']);
    expect(
      report.periods.map((period) => [period.period, period.brandKey, period.grossSales, period.netMargin]),
    ).toEqual([
      ['2026-11-16', 'default', 80_000, 12_620],
      ['2026-11-23', 'default', 0, -4_000],
      ['2026-11-23', 'skyfares.com', 70_000, 7_940],
    ]);
    expect(report.totals).toEqual([
      expect.objectContaining({
        currency: 'USD',
        bookings: 3,
        grossSales: 150_000,
        cancellations: 1,
        cancellationRate: 1 / 3,
        averageBookingValue: 50_000,
        netMargin: 16_560,
      }),
    ]);
    expect(report.topRoutes[0]).toEqual({
      key: 'JFK-LHR',
      currency: 'USD',
      bookings: 2,
      grossSales: 120_000,
      providerCost: 100_000,
      markupMargin: 20_000,
    });
    expect(report.byRule.map((rule) => [rule.brandKey, rule.key, rule.bookings, rule.markupMargin])).toEqual([
      ['default', 'jfk-lhr', 1, 10_000],
      ['skyfares.com', 'default', 1, 10_000],
      ['default', 'default', 1, 5_000],
    ]);
  });

  it('filters a platform admin by brand, and keeps a brand admin to their own brand', async () => {
    const filtered = await request(admin.app)
      .get('/api/admin/revenue?from=2026-11-01&to=2026-11-30&brand=skyfares.com')
      .set('Cookie', await admin.cookie('root'))
      .expect(200);
    expect(filtered.body.totals[0].grossSales).toBe(70_000);
    const own = await request(admin.app)
      .get('/api/admin/revenue?from=2026-11-01&to=2026-11-30&granularity=month')
      .set('X-Brand-Key', 'skyfares.com')
      .set('Cookie', await admin.cookie('skyadmin'))
      .expect(200);
    expect(own.body.brands).toEqual(['skyfares.com']);
    expect(own.body.periods).toEqual([expect.objectContaining({ period: '2026-11-01', grossSales: 70_000 })]);
    await request(admin.app)
      .get('/api/admin/revenue?from=2026-11-01&to=2026-11-30&brand=default')
      .set('X-Brand-Key', 'skyfares.com')
      .set('Cookie', await admin.cookie('skyadmin'))
      .expect(403);
  });

  it('answers 401 signed out, 403 to travellers, and 400 naming the field to bad input, changing nothing', async () => {
    await request(admin.app).get('/api/admin/revenue?from=2026-11-01&to=2026-11-30').expect(401);
    await request(admin.app)
      .get('/api/admin/revenue?from=2026-11-01&to=2026-11-30')
      .set('Cookie', await admin.cookie('traveller'))
      .expect(403);
    const cookie = await admin.cookie('root');
    for (const query of [
      'from=2026-11-31&to=2026-12-01',
      'from=2026-12-01&to=2026-11-01',
      'from=2020-01-01&to=2026-01-01',
      'from=2026-11-01&to=2026-11-02&granularity=year',
      'from[]=x&to=2026-11-01',
      'to=2026-11-01',
    ]) {
      const answer = await request(admin.app).get(`/api/admin/revenue?${query}`).set('Cookie', cookie);
      expect(answer.status, query).toBe(400);
    }
  });
});

describe('wholeMonths', () => {
  it('names the calendar months wholly inside a range, or an empty span just after it', () => {
    expect(wholeMonths('2026-01-01', '2026-12-31')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(wholeMonths('2026-01-15', '2026-04-10')).toEqual({ from: '2026-02-01', to: '2026-03-31' });
    expect(wholeMonths('2026-02-01', '2026-02-28')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(wholeMonths('2024-02-01', '2024-02-28')).toEqual({ from: '2024-02-29', to: '2024-02-28' });
    expect(wholeMonths('2026-12-15', '2027-01-31')).toEqual({ from: '2027-01-01', to: '2027-01-31' });
    expect(wholeMonths('2026-11-20', '2026-11-20')).toEqual({ from: '2026-11-21', to: '2026-11-20' });
  });
});
