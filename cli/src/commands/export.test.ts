import type { SqlClient } from '@contrail/engine';
import { exportTestApp, seedExportBookings, sqlBackends, TEST_PASSWORD } from '@contrail/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliHarness, listen, type CliRun } from '../test-support/cli-harness.js';

describe('contrail export against a real engine', () => {
  let sql: SqlClient;
  let engine: Awaited<ReturnType<typeof listen>>;
  let harness: Awaited<ReturnType<typeof cliHarness>>;
  const at = (...argv: string[]): Promise<CliRun> => harness.cli('--url', engine.url, ...argv);

  beforeAll(async () => {
    sql = await sqlBackends()[0]!.open();
    const admin = await exportTestApp(sql);
    await seedExportBookings(sql, admin, 30);
    engine = await listen(admin.app);
    harness = await cliHarness();
  });
  afterAll(async () => {
    await engine?.close();
    await harness?.cleanup();
    await sql?.close();
  });

  it('prints the bookings of a brand as CSV, names as initials, and the money lines', async () => {
    expect((await at('login', '--username', 'root', '--password', TEST_PASSWORD)).code).toBe(0);
    const bookings = await at('export', 'bookings', '--from', '2026-11-20', '--to', '2026-11-20', '--brand', 'default');
    expect(bookings.err).toBe('');
    expect(bookings.code).toBe(0);
    const records = bookings.out.split('\r\n');
    expect(records[0]).toBe(
      'booking_id,reference,brand,status,created_at,departs_at,travellers,passengers,amount,currency',
    );
    expect(records[1]).toBe('bk-00001,R1,default,confirmed,2026-11-20T10:00:01.000Z,,1,A. L.,553.50,USD');
    expect(records).toHaveLength(1 + 27 + 1);
    const money = await at('export', 'money');
    expect(money.out).toBe(
      'booking_id,reference,brand,created_at,currency,captured,provider_cost,markup_margin,refunded,cancelled,pricing_rule\r\n' +
        'bk-00002,R2,default,2026-11-20T10:00:02.000Z,USD,553.50,450.00,103.50,0.00,no,default\r\n',
    );
  });

  it('names travellers in full with --reveal and a reason, and refuses either without the other', async () => {
    const named = await at(
      'export',
      'bookings',
      '--from',
      '2026-11-20',
      '--to',
      '2026-11-20',
      '--brand',
      'default',
      '--reveal',
      '--reason',
      'Ticket 4411',
    );
    expect(named.err).toBe('');
    expect(named.code).toBe(0);
    expect(named.out.split('\r\n')[1]).toBe(
      'bk-00001,R1,default,confirmed,2026-11-20T10:00:01.000Z,,1,Ada Lovelace,553.50,USD',
    );
    const noReason = await at('export', 'bookings', '--reveal');
    expect(noReason.code).toBe(2);
    expect(noReason.err).toContain('--reason: Please give a reason');
    expect((await at('export', 'bookings', '--reason', 'Ticket 4411')).err).toContain('--reason goes with --reveal');
    const money = await at('export', 'money', '--reveal', '--reason', 'Ticket 4411');
    expect(money.err).toContain('only the bookings export holds personal data');
  });

  it('says what is wrong with a bad kind or date, and when signed out', async () => {
    const kind = await at('export', 'travellers');
    expect(kind.code).not.toBe(0);
    expect(kind.err).toContain('choose bookings or money');
    const date = await at('export', 'bookings', '--from', '2026-13-01');
    expect(date.code).not.toBe(0);
    expect(date.err).toContain('Invalid input: from');
    await at('logout');
    const signedOut = await at('export', 'money');
    expect(signedOut.err).toContain('Not signed in');
  });
});
