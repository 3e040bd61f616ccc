import type { SqlClient } from '@contrail/engine';
import { adminTestApp, seedRevenue, sqlBackends, TEST_PASSWORD } from '@contrail/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliHarness, listen, type CliRun } from '../test-support/cli-harness.js';

describe('contrail revenue against a real engine', () => {
  let sql: SqlClient;
  let engine: Awaited<ReturnType<typeof listen>>;
  let harness: Awaited<ReturnType<typeof cliHarness>>;
  const at = (...argv: string[]): Promise<CliRun> => harness.cli('--url', engine.url, ...argv);

  beforeAll(async () => {
    sql = await sqlBackends()[0]!.open();
    const { app } = await adminTestApp(sql);
    await seedRevenue(sql, [
      {
        bookingId: 'a',
        brandKey: 'default',
        price: 123_000,
        providerCost: 100_000,
        captureFee: 3_597,
        travellers: 2,
        ruleId: 'jfk-lhr',
        at: '2026-11-20T10:00:00Z',
      },
      {
        bookingId: 'b',
        brandKey: 'default',
        price: 50_050,
        providerCost: 40_000,
        captureFee: 1_481,
        route: ['CDG', 'JFK'],
        carrier: 'AF',
        at: '2026-11-20T11:00:00Z',
        cancel: { providerRefund: 30_000, refund: 35_000, at: '2026-11-21T09:00:00Z' },
      },
      {
        bookingId: 'c',
        brandKey: 'skyfares.com',
        price: 10_000,
        providerCost: 9_000,
        captureFee: 320,
        at: '2026-11-20T12:00:00Z',
      },
    ]);
    engine = await listen(app);
    harness = await cliHarness();
  });
  afterAll(async () => {
    await engine?.close();
    await harness?.cleanup();
    await sql?.close();
  });

  it('prints CSV with a header row and CRLF records, amounts to the cent, for one brand', async () => {
    expect((await at('login', '--username', 'root', '--password', TEST_PASSWORD)).code).toBe(0);
    const run = await at('revenue', '--from', '2026-11-01', '--to', '2026-11-30', '--brand', 'default', '--csv');
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toBe(
      'period,brand,currency,bookings,travellers,gross_sales,provider_cost,markup_margin,card_fees,refunds,provider_refunds,fees_kept,cancellations,net_margin,incomplete_bookings\r\n' +
        '2026-11-20,default,USD,2,3,1730.50,1400.00,330.50,50.78,0.00,0.00,0.00,0,279.72,0\r\n' +
        '2026-11-21,default,USD,0,0,0.00,0.00,0.00,0.00,350.00,300.00,150.50,1,-50.00,0\r\n',
    );
  });

  it('prints a table with totals and top routes for people, and the report as JSON for scripts', async () => {
    const table = await at('revenue', '--from', '2026-11-01', '--to', '2026-11-30', '--granularity', 'month');
    expect(table.code).toBe(0);
    expect(table.out).toContain('Revenue 2026-11-01 to 2026-11-30 by month, brands: default, skyfares.com');
    expect(table.out).toMatch(/^PERIOD\s+BRAND\s+CUR\s+BOOKINGS/m);
    expect(table.out).toMatch(/^2026-11-01\s+default\s+USD\s+2\s+3\s+1730\.50/m);
    expect(table.out).toContain('Total USD: 3 bookings, gross 1830.50 USD, net margin 236.52 USD');
    expect(table.out).toContain('Top routes: JFK-LHR (2), CDG-JFK (1)');
    // Each booking counts under the rule it recorded: 'a' under its route rule, the others before rules.
    expect(table.out).toMatch(/^By pricing rule:$/m);
    expect(table.out).toMatch(/^default\s+jfk-lhr\s+USD\s+1\s+1230\.00\s+1000\.00\s+230\.00\s*$/m);
    expect(table.out).toMatch(/^default\s+unrecorded\s+USD\s+1\s+500\.50\s+400\.00\s+100\.50\s*$/m);
    const json = await at('revenue', '--from', '2026-11-20', '--to', '2026-11-20', '--json');
    expect(JSON.parse(json.out).totals[0]).toMatchObject({ grossSales: 183_050, cardFees: 5_398 });
  });

  it('refuses bad input before or at the engine, and keeps a brand admin to their brand', async () => {
    const both = await at('revenue', '--from', '2026-11-01', '--to', '2026-11-30', '--json', '--csv');
    expect(both).toMatchObject({ code: 2, err: 'Invalid input: choose one of --json and --csv\n' });
    const backwards = await at('revenue', '--from', '2026-12-01', '--to', '2026-11-01');
    expect(backwards.code).not.toBe(0);
    expect(backwards.err).toContain('`from` must be on or before `to`');
    expect((await at('revenue', '--to', '2026-11-01')).code).not.toBe(0);
    await at('logout');
    expect((await at('login', '--username', 'brandadmin', '--password', TEST_PASSWORD)).code).toBe(0);
    const own = await at('revenue', '--from', '2026-11-01', '--to', '2026-11-30', '--json');
    expect(JSON.parse(own.out).brands).toEqual(['default']);
    const other = await at('revenue', '--from', '2026-11-01', '--to', '2026-11-30', '--brand', 'skyfares.com');
    expect(other.code).not.toBe(0);
    expect(other.err).toContain('your own brands only');
  });
});
