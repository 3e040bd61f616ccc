import { createApp, type SqlClient } from '@contrail/engine';
import {
  projectSupportReadModels,
  seedDeskBooking,
  sqlBackends,
  supportTestApp,
  TEST_PASSWORD,
  ZELDA,
  type AdminTestApp,
} from '@contrail/engine/testing';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cliHarness, listen, type CliRun } from './test-support/cli-harness.js';
import { FakeStdin, FakeStdout, plain, type } from './test-support/terminal.js';

/** contrail bookings search and contrail inbox against a real engine (the support workspace, issue 31). */
describe('contrail bookings search and contrail inbox', () => {
  let sql: SqlClient;
  let admin: AdminTestApp;
  let engine: Awaited<ReturnType<typeof listen>>;
  let cli: (...argv: string[]) => Promise<CliRun>;
  let cleanup: () => Promise<void>;
  const at = (...argv: string[]) => cli('--url', engine.url, ...argv);
  let messageId = '';

  beforeAll(async () => {
    sql = await sqlBackends()[0]!.open();
    admin = await supportTestApp(sql);
    for (let index = 1; index <= 3; index += 1)
      await seedDeskBooking(admin.deps, `bk-${index}`, 'default', { ...ZELDA, lastName: `Quixotic${index % 2}` });
    await projectSupportReadModels(admin.deps);
    engine = await listen(createApp(admin.deps));
    ({ cli, cleanup } = await cliHarness());
    const sent = await fetch(`${engine.url}/api/support-requests`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Brand-Key': 'default', Origin: engine.url },
      body: JSON.stringify({
        kind: 'support',
        fullName: 'Zelda Quixotic',
        email: 'zelda@example.com',
        bookingReference: 'abc 123',
        subject: 'Seat change',
        message: 'Can I sit by the window?',
      }),
    });
    expect(sent.status).toBe(201);
    messageId = ((await sent.json()) as { id: string }).id;
    expect((await at('login', '--username', 'root', '--password', TEST_PASSWORD)).code).toBe(0);
  }, scaled(120_000));
  afterAll(async () => {
    await engine?.close();
    await cleanup?.();
    await sql?.close();
  });

  it('prints help for the new commands', async () => {
    for (const command of [
      ['bookings', 'search'],
      ['inbox'],
      ['inbox', 'list'],
      ['inbox', 'show'],
      ['inbox', 'status'],
      ['inbox', 'assign'],
    ]) {
      const run = await cli(...command, '--help');
      expect(run.code, command.join(' ')).toBe(0);
      expect(run.out).toContain(`Usage: contrail ${command.join(' ')}`);
    }
    expect((await cli('bookings', 'search', '--help')).out).toContain('--dates <which>');
  });

  it('finds bookings by surname and pages them, travellers as initials', async () => {
    const page = await at('bookings', 'search', '--name', 'QUIXOTIC1', '--limit', '1');
    expect(page.code, page.err).toBe(0);
    const lines = page.out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^REFERENCE\s+STATUS\s+BRAND\s+TRAVELLERS\s+ROUTE\s+DEPARTS \(UTC\)\s+BOOKED$/);
    expect(lines[1]).toMatch(/^ABC123\s+confirmed\s+default\s+Z\. Q\.\s+JFK-LHR/);
    expect(lines.at(-1)).toBe('Page 1 of 2 (2 bookings): --page 2 for more');
    expect(page.out).not.toContain('Zelda');
    const json = JSON.parse((await at('bookings', 'search', '--name', 'zelda quixotic0', '--json')).out) as {
      total: number;
      bookings: Array<{ id: string }>;
    };
    expect([json.total, json.bookings.map((booking) => booking.id)]).toEqual([1, ['bk-2']]);
    expect((await at('bookings', 'search', '--email', 'nobody@example.com')).out).toBe('No bookings match.\n');
  });

  it('says what is wrong with a filter before asking the engine (exit 2)', async () => {
    for (const [argv, message] of [
      [['--phone', '555'], '--phone: Phone number must include the country code'],
      [['--status', 'lost'], '--status: status must be one of'],
      [['--dates', 'arrival'], '--dates: "arrival" is not booked or departure'],
      [['--from', 'soon'], '--from: "soon" is not a day'],
      [['--limit', 'abc'], '--limit: "abc" is not a whole number from 1 to 100'],
      [['--reference', 'ab-1'], '--reference: reference must be letters and digits'],
    ] as const) {
      const run = await at('bookings', 'search', ...argv);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.err).toContain(message);
    }
    const unknown = await at('bookings', 'search', '--brand', 'nosuch');
    expect([unknown.code, unknown.err]).toEqual([2, expect.stringContaining('Unknown brand nosuch')]);
  });

  it('turns the pages with n and q in a terminal (Ink; under CI only its last frame is drawn)', async () => {
    const stdin = new FakeStdin();
    const terminal = new FakeStdout();
    const tty = await cliHarness({
      interactive: true,
      stdin: stdin as unknown as NodeJS.ReadStream,
      terminal: terminal as unknown as NodeJS.WriteStream,
    });
    try {
      await tty.cli('--url', engine.url, 'login', '--username', 'root', '--password', TEST_PASSWORD);
      const paging = tty.cli('--url', engine.url, 'bookings', 'search', '--limit', '2');
      await vi.waitFor(() => expect(stdin.listenerCount('readable')).toBeGreaterThan(0), { timeout: scaled(10_000) });
      await type(stdin, 'n');
      // The next page's prompt listens once its page is fetched: a q typed before then is not heard.
      let settled = false;
      void paging.finally(() => (settled = true));
      await vi.waitFor(
        async () => {
          if (!settled) await type(stdin, 'q');
          expect(settled).toBe(true);
        },
        { timeout: scaled(20_000), interval: 100 },
      );
      const run = await paging;
      expect(run.code, run.err).toBe(0);
      expect(plain(terminal.output)).toContain('Page 1 of 2 (3 in all)');
      // Two pages of the table: 2 bookings, then 1.
      expect(run.out.match(/^ABC123 /gm)).toHaveLength(3);
    } finally {
      await tty.cleanup();
    }
  });

  it('lists the inbox, shows a message whole, sets its status and assignee, each change recorded', async () => {
    const list = await at('inbox', 'list');
    expect(list.code, list.err).toBe(0);
    expect(list.out).toMatch(/^ID\s+STATUS\s+FROM\s+TOPIC\s+BOOKING\s+ASSIGNED\s+RECEIVED \(UTC\)$/m);
    expect(list.out).toContain('Z. Q.');
    expect(list.out).not.toContain('Zelda');
    expect((await at('inbox', 'assign', messageId, 'me')).out).toBe(`Message ${messageId} is assigned to root.\n`);
    expect((await at('inbox', 'status', messageId, 'Answered')).out).toBe(`Message ${messageId} is answered.\n`);
    const shown = await at('inbox', 'show', messageId);
    expect(shown.out).toContain('From:     Zelda Quixotic <zelda@example.com>');
    expect(shown.out).toMatch(/Booking: {2}ABC123 \(contrail bookings show bk-\d\)/);
    expect(shown.out).toMatch(/assigned to root {2}by root\n.*status new -> answered {2}by root/);
    expect((await at('inbox', 'status', messageId, 'done')).code).toBe(2);
    expect((await at('inbox', 'list', '--assignee', 'a b')).code).toBe(2);
    const missing = await at('inbox', 'show', 'no-such-message');
    expect([missing.code, missing.err]).toEqual([1, 'No message no-such-message\n']);
  });
});
