import { createApp, type SqlClient } from '@contrail/engine';
import {
  authorize,
  bookingBody,
  bookingHarness,
  ensureBrand,
  readModelsCaughtUp,
  searchOffers,
  sqlBackends,
  TEST_PASSWORD,
  TEST_USERS,
  type BookingHarness,
} from '@contrail/engine/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cliHarness, listen, type CliRun } from './test-support/cli-harness.js';
import { FakeStdin, FakeStdout, plain, type } from './test-support/terminal.js';
import { scaled } from '@contrail/shared/test-support/time-scale';

async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + scaled(timeoutMs);
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const REASON = 'Ticket 12: the traveller called';

/** Support and platform commands (bookings, outbox, projections) against an engine with real bookings. */
describe('contrail bookings, outbox and projections against a real engine', () => {
  let sql: SqlClient;
  let harness: BookingHarness;
  let engine: Awaited<ReturnType<typeof listen>>;
  let cli: (...argv: string[]) => Promise<CliRun>;
  let cleanup: () => Promise<void>;
  const booked: Array<{ id: string; reference: string; email: string }> = [];
  const at = (...argv: string[]) => cli('--url', engine.url, ...argv);
  const signIn = (username: keyof typeof TEST_USERS) =>
    at('login', '--username', username, '--password', TEST_PASSWORD);
  const viewRows = async () => (await sql.query('SELECT * FROM booking_views ORDER BY booking_id')).rows;

  async function book(offerIndex: number, email: string) {
    const offers = await searchOffers(harness, 20 + offerIndex);
    const offer = offers[0]!;
    const payment = await authorize(harness, offer);
    const response = await harness
      .api()
      .post('/api/bookings')
      .set('Idempotency-Key', `cli-booking-${offerIndex}`)
      .send(bookingBody(offer, payment.body.paymentId, email));
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    booked.push({ id: response.body.id, reference: response.body.duffelBookingId.slice(0, 8).toUpperCase(), email });
  }

  beforeAll(async () => {
    sql = await sqlBackends()[0]!.open();
    harness = await bookingHarness(sql);
    for (const [username, user] of Object.entries(TEST_USERS)) {
      await harness.booking.accounts.register(
        user.brand,
        { username, password: TEST_PASSWORD, email: `${username}@example.com`, firstName: username, lastName: 'Test' },
        { isAdmin: user.isAdmin, isPlatformAdmin: user.isPlatformAdmin },
      );
    }
    // skyadmin signs in on its brand: the engine refuses calls on a brand that does not exist.
    await ensureBrand(sql, 'skyfares.com');
    await book(1, 'ada.lovelace@example.com');
    await book(2, 'grace.hopper@example.com');
    // The app as the runtime builds it: the same engine, with the projection runner for the admin routes.
    engine = await listen(createApp({ ...harness.deps, projections: harness.projections }));
    ({ cli, cleanup } = await cliHarness());
    await poll(viewRows, (rows) => rows.length === 2 && rows.every((row) => row.status === 'confirmed'));
  }, scaled(120_000));
  afterAll(async () => {
    await engine?.close();
    await cleanup?.();
    await harness?.close();
    await sql?.close();
  });

  it('prints help for every new command', async () => {
    const commands = [['bookings'], ['outbox'], ['projections'], ['reconcile']];
    for (const sub of ['list', 'show', 'history']) commands.push(['bookings', sub]);
    commands.push(['outbox', 'list'], ['projections', 'status'], ['projections', 'rebuild']);
    for (const command of commands) {
      const run = await cli(...command, '--help');
      expect(run.code, command.join(' ')).toBe(0);
      expect(run.out).toContain(`Usage: contrail ${command.join(' ')}`);
    }
    expect((await cli('bookings', 'list', '--help')).out).toContain('--status <status>');
    expect((await cli('bookings', 'history', '--help')).out).toContain('--reveal');
  });

  it('asks to sign in, refuses non-admins, and says when the engine is unreachable', async () => {
    for (const command of [
      ['bookings', 'list'],
      ['outbox', 'list'],
      ['projections', 'status'],
    ]) {
      expect((await at(...command)).err, command.join(' ')).toBe('Not signed in: run contrail login\n');
    }
    await signIn('traveller');
    const list = await at('bookings', 'list');
    expect(list.code).toBe(1);
    expect(list.err).toBe(
      'Permission denied: contrail bookings list needs an admin (the engine said: Admin access required)\n',
    );
    expect((await at('bookings', 'history', booked[0]!.reference, '--reveal', '--reason', REASON)).err).toBe(
      'Permission denied: contrail bookings history --reveal needs an admin (the engine said: Admin access required)\n',
    );
    expect((await at('outbox', 'list')).err).toContain('Permission denied: contrail outbox list needs an admin');
    await signIn('brandadmin');
    expect((await at('bookings', 'list', '--json')).code).toBe(0);
    const rebuild = await at('projections', 'rebuild', 'bookings', '--yes');
    expect(rebuild.code).toBe(1);
    expect(rebuild.err).toBe(
      'Permission denied: contrail projections rebuild needs an admin (the engine said: Platform admin access required)\n',
    );
    const closed = await listen(engine.server.listeners('request')[0] as never);
    await closed.close();
    const unreachable = await cli('--url', closed.url, 'projections', 'status');
    expect(unreachable.code).toBe(1);
    expect(unreachable.err).toContain(`Cannot reach the Contrail engine at ${closed.url} (ECONNREFUSED)`);
  });

  it('lists bookings as a table or JSON, filtered by reference, email, status, brand and dates', async () => {
    await signIn('root');
    const [ada, grace] = booked as [(typeof booked)[0], (typeof booked)[0]];
    const table = (await at('bookings', 'list')).out.split('\n');
    expect(table[0]).toMatch(/^REFERENCE\s+STATUS\s+BRAND\s+ROUTE\s+TOTAL\s+CREATED \(UTC\)\s+ID$/);
    expect(
      table
        .slice(1, 3)
        .map((line) => line.split(/\s+/)[0])
        .sort(),
    ).toEqual([ada.reference, grace.reference].sort());
    // The widest column, the id, is cut to fit 100 columns (--json has it whole).
    expect(table[1]).toMatch(
      /^[A-Z0-9]{6,8}\s+confirmed\s+default\s+JFK-LAX\s+\d+\.\d\d [A-Z]{3}\s+\d{4}-\d\d-\d\d \d\d:\d\d\s+[\w-]+…$/,
    );
    expect(Math.max(...table.map((line) => line.length))).toBeLessThanOrEqual(100);

    const json = async (...filters: string[]) =>
      JSON.parse((await at('bookings', 'list', '--json', ...filters)).out).map((row: { id: string }) => row.id);
    expect(await json('--email', 'ADA.Lovelace@example.com')).toEqual([ada.id]);
    expect(await json('--reference', grace.reference.toLowerCase())).toEqual([grace.id]);
    expect((await json('--status', 'confirmed', '--brand', 'default')).sort()).toEqual([ada.id, grace.id].sort());
    expect(await json('--status', 'cancelled')).toEqual([]);
    const today = harness.clock.now().toISOString().slice(0, 10);
    expect(await json('--from', '2000-01-01', '--to', '2001-01-01')).toEqual([]);
    expect(await json('--from', today, '--limit', '1')).toHaveLength(1);
    expect((await at('bookings', 'list', '--status', 'cancelled')).out).toBe('No bookings match.\n');

    const bad = await at('bookings', 'list', '--status', 'lost');
    expect(bad.code).toBe(2);
    expect(bad.err).toBe(
      'Invalid input: --status: "lost" is not a status: confirmed, pending, completed, cancelled, failed\n',
    );
  });

  it('reads days as typed, whole days included, filters in any case, and says what is wrong (exit 2)', async () => {
    await signIn('root');
    const ids = async (...filters: string[]) => {
      const run = await at('bookings', 'list', '--json', ...filters);
      expect(run.code, run.err).toBe(0);
      return JSON.parse(run.out).map((row: { id: string }) => row.id);
    };
    const both = booked.map((booking) => booking.id).sort();
    const [first] = JSON.parse((await at('bookings', 'list', '--json')).out) as Array<{ createdAt: string }>;
    // The harness's zone is UTC: the bookings' day there, and the day before.
    const day = first!.createdAt.slice(0, 10);
    const [year, month, date] = day.split('-');
    const dayBefore = new Date(Date.parse(day) - 86_400_000).toISOString().slice(0, 10);
    expect((await ids('--from', day, '--to', day)).sort()).toEqual(both);
    expect(
      (await ids('--from', `${Number(date)}/${Number(month)}/${year}`, '--to', `${date}.${month}.${year}`)).sort(),
    ).toEqual(both);
    expect(await ids('--to', dayBefore)).toEqual([]);
    expect(await ids('--status', 'CONFIRMED', '--brand', ' Default ')).toHaveLength(2);

    const unknownBrand = await at('bookings', 'list', '--brand', 'nowhere.example');
    expect(unknownBrand).toMatchObject({ code: 2, out: '', err: 'Invalid input: Unknown brand nowhere.example\n' });
    expect((await at('outbox', 'list', '--brand', 'nowhere.example')).err).toBe(
      'Invalid input: Unknown brand nowhere.example\n',
    );
    expect(await at('bookings', 'list', '--limit', 'abc')).toMatchObject({
      code: 2,
      err: 'Invalid input: --limit: "abc" is not a whole number from 1 to 500\n',
    });
    const soon = await at('bookings', 'list', '--from', 'soon');
    expect(soon.code).toBe(2);
    expect(soon.err).toBe(
      'Invalid input: --from: "soon" is not a day: use today, yesterday, 2026-11-01, 1/11/2026 (day/month/year) or an ISO date-time\n',
    );
  });

  it('signs brand staff in on their brand with --brand, and every later call names it', async () => {
    const onDefault = await at('login', '--username', 'skyadmin', '--password', TEST_PASSWORD);
    expect(onDefault).toMatchObject({ code: 1, err: 'Login failed: Invalid username or password\n' });
    const signedIn = await at(
      'login',
      '--username',
      'skyadmin',
      '--password',
      TEST_PASSWORD,
      '--brand',
      'SkyFares.com',
    );
    expect(signedIn.code, signedIn.err).toBe(0);
    expect(signedIn.out).toBe(`Signed in to ${engine.url} on the brand skyfares.com as skyadmin (admin).\n`);
    // Their brand has no bookings; the default brand's are out of their reach.
    expect(await at('bookings', 'list', '--json')).toMatchObject({ code: 0, out: '[]\n' });
    expect((await at('bookings', 'list', '--brand', 'default')).err).toContain(
      'Your access does not include the brand default',
    );
    const bad = await at('login', '--username', 'skyadmin', '--password', TEST_PASSWORD, '--brand', 'not a key');
    expect(bad).toMatchObject({
      code: 2,
      err: 'Invalid input: --brand: "not a key" is not a brand key (like skyfares.com)\n',
    });
  });

  it('finds a booking by its id or its reference, as printed, for show and the outbox', async () => {
    await signIn('root');
    const ada = booked[0]!;
    const byId = await at('bookings', 'show', ada.id);
    expect(byId.code, byId.err).toBe(0);
    expect(byId.out).toMatch(new RegExp(`^Reference: +${ada.reference}\\nBooking id: +${ada.id}\\n`));
    expect(byId.out).toMatch(/\nCreated: +\d{4}-\d\d-\d\d \d\d:\d\d \(UTC\)\n/);
    const spaced = `${ada.reference.slice(0, 4)} ${ada.reference.slice(4)}`.toLowerCase();
    expect(JSON.parse((await at('bookings', 'show', spaced, '--json')).out)).toMatchObject({ id: ada.id });
    const emails = await poll(
      async () => JSON.parse((await at('outbox', 'list', '--booking', ada.reference.toLowerCase(), '--json')).out),
      (answer) => answer.messages.length === 1,
    );
    expect(emails.messages[0]).toMatchObject({ bookingId: ada.id, to: ada.email });
  });

  it('shows one booking by its reference, without personal data', async () => {
    await signIn('root');
    const ada = booked[0]!;
    const shown = await at('bookings', 'show', ada.reference.toLowerCase());
    expect(shown.code, shown.err).toBe(0);
    expect(shown.out).toMatch(
      new RegExp(`^Reference: +${ada.reference}\\nBooking id: +${ada.id}\\nStatus: +confirmed`),
    );
    expect(shown.out).toMatch(/Route: +JFK-LAX\nDeparts: +\d{4}-\d\d-\d\dT\d\d:\d\d/);
    expect(shown.out).toMatch(/Passengers: +1 adult\n/);
    expect(shown.out).toMatch(/Payment: +captured, pi_\w+, card ending 4242\n/);
    expect(shown.out).toContain(`contrail bookings history ${ada.reference}`);
    expect(shown.out).not.toContain('Jane');
    expect(JSON.parse((await at('bookings', 'show', ada.reference, '--json')).out)).toMatchObject({
      id: ada.id,
      reference: ada.reference,
      status: 'confirmed',
    });
    const missing = await at('bookings', 'show', 'ZZZZ9999');
    expect(missing).toMatchObject({ code: 1, err: 'No booking with reference or id ZZZZ9999\n' });
  });

  it('says when two bookings share a reference (only 8 characters of the order id)', async () => {
    await signIn('root');
    const ada = booked[0]!;
    const twin = '00000000-0000-4000-8000-000000000001';
    await sql.query(
      `INSERT INTO booking_views SELECT $2, brand_key, customer_id, status, offer_id, provider_reference, reference, order_id,
         payment_id, payment_status, card_last4, amount, currency, cancellable, departs_at, arrives_at, failure, confirmed_at,
         itinerary, passengers, created_at, updated_at
         FROM booking_views WHERE booking_id = $1`,
      [ada.id, twin],
    );
    try {
      const shown = await at('bookings', 'show', ada.reference);
      expect(shown.out).toMatch(new RegExp(`^Reference ${ada.reference} matches 2 bookings\\.\\n`));
      expect(shown.out).toContain(`contrail bookings history ${twin}`);
      expect(shown.out).toContain(`contrail bookings history ${ada.id}`);
      const history = await at('bookings', 'history', ada.reference);
      expect(history.code).toBe(1);
      expect(history.err).toMatch(
        new RegExp(`^Reference ${ada.reference} matches 2 bookings; give the booking id:\\n  [\\w-]+  confirmed  `),
      );
      expect(history.err).toContain(twin);
    } finally {
      await sql.query('DELETE FROM booking_views WHERE booking_id = $1', [twin]);
    }
  });

  it('replays a booking: each event with time, actor and the state after it; personal data only with --reveal', async () => {
    await signIn('root');
    const ada = booked[0]!;
    const history = await at('bookings', 'history', ada.reference);
    expect(history.code, history.err).toBe(0);
    const lines = history.out.split('\n');
    expect(lines[0]).toBe(
      `Booking ${ada.id}, reference ${ada.reference}: 7 events, personal data sealed (--reveal --reason TEXT to show it).`,
    );
    expect(history.out).toMatch(
      /\n#0 {2}\d{4}-\d\d-\d\dT[\d:.]+Z {2}BookingStarted {2}by anonymous\n {4}-> pending \(started\) · price \d+\.\d\d [A-Z]{3}\n/,
    );
    expect(history.out).toMatch(
      /\n#1 .*PassengersProvided {2}by anonymous\n {4}-> pending \(started\) · .*passengers: adult \[sealed\]/,
    );
    expect(history.out).toMatch(/\n#3 .*OrderCreated {2}by job:create-order\n.*order ord_\w+/);
    expect(history.out).toMatch(/\n#5 .*BookingConfirmed .*\n {4}-> confirmed · .*payment captured/);
    expect(history.out).not.toContain('Jane');
    expect(history.out).not.toContain(ada.email);

    const noReason = await at('bookings', 'history', ada.reference, '--reveal');
    expect(noReason).toMatchObject({ code: 2, out: '' });
    expect(noReason.err).toContain('Invalid input: --reason: Please give a reason');
    const revealed = await at('bookings', 'history', ada.reference, '--reveal', '--reason', REASON);
    expect(revealed.out).toContain('personal data shown (your reason is recorded).');
    expect(revealed.out).toContain(`passengers: adult Jane Traveller <${ada.email}>`);
    const byId = JSON.parse((await at('bookings', 'history', ada.id, '--json')).out);
    expect(byId).toMatchObject({ bookingId: ada.id, revealed: false });
    expect(byId.events.map((event: { type: string }) => event.type)).toEqual([
      'BookingStarted',
      'PassengersProvided',
      'PaymentAuthorized',
      'OrderCreated',
      'PaymentCaptured',
      'BookingConfirmed',
      'CustomerAttached',
    ]);
    expect(await at('bookings', 'history', 'nothing-here')).toMatchObject({
      code: 1,
      err: 'No booking with reference or id nothing-here\n',
    });
  });

  it('lists the booking emails in the outbox', async () => {
    await signIn('root');
    const [ada] = booked as [(typeof booked)[0]];
    const all = await poll(
      async () => JSON.parse((await at('outbox', 'list', '--json')).out),
      (answer) => answer.messages.length === 2,
    );
    expect(all.transport).toBe('outbox');
    const table = (await at('outbox', 'list')).out.split('\n');
    expect(table[0]).toBe('Booking emails (kept here for admins to read, not sent), newest first:');
    expect(table[1]).toMatch(/^CREATED \(UTC\)\s+KIND\s+TO\s+SUBJECT\s+SENT\s+BOOKING$/);
    expect(table[2]).toMatch(
      /^[\d-]+ [\d:]+\s+confirmed\s+\S+@example\.com\s+Booking Confirmed - [A-Z0-9]*…?\s+not sent\s+[\w-]+…?$/,
    );
    const one = JSON.parse((await at('outbox', 'list', '--booking', ada.id, '--json')).out);
    expect(one.messages.map((message: { to: string; subject: string }) => [message.to, message.subject])).toEqual([
      [ada.email, `Booking Confirmed - ${ada.reference}`],
    ]);
    expect((await at('outbox', 'list', '--booking', 'none')).err).toBe('No booking with reference or id none\n');
  });

  it('shows projection status and rebuilds the bookings read model to the same rows', async () => {
    await signIn('root');
    const status = await at('projections', 'status');
    expect(status.out).toMatch(
      /^NAME\s+STATE\s+CHECKPOINT\s+HEAD\s+LAG\s+ERROR\nbookings\s+caught up\s+(\d+\/\d+)\s+\1\s+0\ncard-payments\s+caught up\s+\1\s+\1\s+0\nopen-purchases\s+caught up\s+\1\s+\1\s+0\n$/,
    );
    expect(JSON.parse((await at('projections', 'status', '--json')).out)).toEqual([
      expect.objectContaining({ name: 'bookings', state: 'caught up', lag: 0, lastError: null }),
      expect.objectContaining({ name: 'card-payments', state: 'caught up', lag: 0, lastError: null }),
      expect.objectContaining({ name: 'open-purchases', state: 'caught up', lag: 0, lastError: null }),
    ]);

    const before = await viewRows();
    expect(before).toHaveLength(2);
    const rebuilt = await at('projections', 'rebuild', 'bookings', '--yes');
    expect(rebuilt.code, rebuilt.err).toBe(0);
    expect(rebuilt.out).toMatch(
      /^Rebuilding bookings \(\d+ events to replay\)\.\.\.\nRebuilt bookings in \d+\.\d s: caught up at \d+\/\d+\.\n$/,
    );
    expect(await viewRows()).toEqual(before);

    const all = JSON.parse((await at('projections', 'rebuild', '--json', '--yes')).out);
    expect(all).toEqual(
      ['bookings', 'card-payments', 'open-purchases'].map((name) =>
        expect.objectContaining({ name, state: 'caught up', rebuild: expect.objectContaining({ progress: 1 }) }),
      ),
    );
    expect(await viewRows()).toEqual(before);
    expect((await at('projections', 'rebuild', 'nothing', '--yes')).err).toBe('No projection named nothing\n');
  });

  it('asks before emptying a read model: --yes skips it, and without a terminal it is needed', async () => {
    await signIn('root');
    const refused = await at('projections', 'rebuild', 'bookings');
    expect(refused).toMatchObject({
      code: 2,
      out: '',
      err: 'Invalid input: rebuilding empties the read model first: run it in a terminal to confirm, or pass --yes\n',
    });
    const stdin = new FakeStdin();
    const terminal = new FakeStdout();
    const tty = await cliHarness({
      interactive: true,
      stdin: stdin as unknown as NodeJS.ReadStream,
      terminal: terminal as unknown as NodeJS.WriteStream,
    });
    try {
      await tty.cli('--url', engine.url, 'login', '--username', 'root', '--password', TEST_PASSWORD);
      const declined = tty.cli('--url', engine.url, 'projections', 'rebuild');
      await vi.waitFor(() => expect(stdin.listenerCount('readable')).toBeGreaterThan(0), { timeout: scaled(10_000) });
      await type(stdin, 'n');
      expect(await declined).toMatchObject({ code: 1, err: 'Cancelled: nothing was rebuilt.\n' });
      expect(plain(terminal.output).replace(/\s+/g, ' ')).toContain(
        'Empty the read models bookings, card-payments, open-purchases and replay every event into it?',
      );
      const accepted = tty.cli('--url', engine.url, 'projections', 'rebuild', 'bookings');
      // Ink draws only its last frame when CI is set: wait for the prompt to listen, read its text after.
      await vi.waitFor(() => expect(stdin.listenerCount('readable')).toBeGreaterThan(0), { timeout: scaled(10_000) });
      await type(stdin, 'y');
      expect((await accepted).code).toBe(0);
      expect(plain(terminal.output).replace(/\s+/g, ' ')).toContain('Empty the read model bookings and');
      await vi.waitFor(() => expect(plain(terminal.output)).toMatch(/bookings █{30} 100% rebuilt/), {
        timeout: scaled(30_000),
      });
    } finally {
      await tty.cleanup();
    }
  });

  it('draws a progress bar in a terminal', async () => {
    const stdin = new FakeStdin();
    const terminal = new FakeStdout();
    const tty = await cliHarness({
      interactive: true,
      stdin: stdin as unknown as NodeJS.ReadStream,
      terminal: terminal as unknown as NodeJS.WriteStream,
    });
    try {
      await tty.cli('--url', engine.url, 'login', '--username', 'root', '--password', TEST_PASSWORD);
      const run = await tty.cli('--url', engine.url, 'projections', 'rebuild', 'bookings', '--yes');
      expect(run.code, run.err).toBe(0);
      await vi.waitFor(() => expect(plain(terminal.output)).toMatch(/bookings █{30} 100% rebuilt in \d+\.\d s/));
    } finally {
      await tty.cleanup();
    }
  });

  it('reconciles: platform admins only, a report people can read or JSON, and exit 3 while a mismatch needs a person', async () => {
    await signIn('brandadmin');
    const refused = await at('reconcile');
    expect(refused.err).toBe(
      'Permission denied: contrail reconcile needs an admin (the engine said: Platform admin access required)\n',
    );
    await signIn('root');
    expect((await at('reconcile', '--last')).out).toBe('No reconciliation has run yet.\n');
    const clean = await at('reconcile', '--settle', '0');
    expect(clean.code, clean.err).toBe(0);
    expect(clean.out).toMatch(
      /^Checked \S+, everything since \S+\nBookings: 2 confirmed, 0 completed, 0 cancelled, 0 failed, 0 pending\n/,
    );
    expect(clean.out).toContain('Provider: 2 authorizations, 2 captures, 0 voids, 2 live orders\n');
    expect(clean.out).toContain('Everything matches.');
    const orphan = await authorize(harness, (await searchOffers(harness, 33))[0]!);
    await harness.booking.payments.capture(orphan.body.paymentId, { idempotencyKey: 'cli-orphan-capture' });
    // The reconciler finds the authorization in the card payments read model.
    await readModelsCaughtUp(harness);
    const flagged = await at('reconcile', '--dry-run', '--json');
    expect(flagged.code).toBe(3);
    expect(flagged.err).toBe('1 mismatch(es) need a person (see the report above)\n');
    expect(JSON.parse(flagged.out)).toMatchObject({
      repaired: false,
      mismatches: [{ kind: 'capture-without-booking', paymentId: orphan.body.paymentId }],
    });
    expect((await at('reconcile', '--last', '--json')).out).toContain('capture-without-booking');
    expect((await at('reconcile', '--settle', 'soon')).err).toBe('Invalid input: settle: a whole number of seconds\n');
  });

  it("erases an account and its bookings' personal data, after a confirmation or with --yes", async () => {
    const grace = booked.find((booking) => booking.email === 'grace.hopper@example.com')!;
    expect((await cli('accounts', 'erase', '--help')).out).toContain(
      'Usage: contrail accounts erase [options] <email>',
    );
    await signIn('traveller');
    expect((await at('accounts', 'erase', grace.email, '--yes', '--reason', REASON)).err).toContain(
      'Permission denied: contrail accounts erase needs an admin',
    );
    await signIn('root');
    const unexplained = await at('accounts', 'erase', grace.email, '--yes');
    expect(unexplained.code).toBe(2);
    expect(unexplained.err).toContain('Invalid input: --reason: Please give a reason');
    const unconfirmed = await at('accounts', 'erase', grace.email, '--reason', REASON);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.err).toContain('erasing an account needs a confirmation: run it in a terminal, or pass --yes');
    expect((await at('accounts', 'erase', 'not-an-email', '--yes', '--reason', REASON)).err).toContain(
      '"not-an-email" is not an email address',
    );
    const stdin = new FakeStdin();
    const terminal = new FakeStdout();
    const tty = await cliHarness({
      interactive: true,
      stdin: stdin as unknown as NodeJS.ReadStream,
      terminal: terminal as unknown as NodeJS.WriteStream,
    });
    try {
      await tty.cli('--url', engine.url, 'login', '--username', 'root', '--password', TEST_PASSWORD);
      const declined = tty.cli('--url', engine.url, 'accounts', 'erase', grace.email, '--reason', REASON);
      await vi.waitFor(() => expect(stdin.listenerCount('readable')).toBeGreaterThan(0));
      await type(stdin, 'n');
      expect(await declined).toMatchObject({ code: 1, err: 'Cancelled: nothing was erased.\n' });
      // The terminal wraps the question: compare it with its line breaks as spaces.
      expect(plain(terminal.output).replace(/\s+/g, ' ')).toContain(
        `Erase the account of ${grace.email} and the personal data of all its bookings? This cannot be undone. (y/N)`,
      );
    } finally {
      await tty.cleanup();
    }
    const erased = await at('accounts', 'erase', grace.email, '--yes', '--reason', REASON);
    expect(erased.code, erased.err).toBe(0);
    expect(erased.out).toBe(`Erased the account of ${grace.email} and the personal data of 1 booking.\n`);
    const history = await at('bookings', 'history', grace.id, '--reveal', '--reason', REASON, '--json');
    expect(history.out).toContain('[erased]');
    expect(history.out.toLowerCase()).not.toContain('grace.hopper');
    const again = await at('accounts', 'erase', grace.email, '--yes', '--reason', REASON);
    expect(again.code).toBe(1);
    expect(again.err).toContain('No account with this email');
  });

  it('shows control and bidi characters in revealed names escaped, never acted on; JSON keeps the value', async () => {
    await signIn('root');
    const offer = (await searchOffers(harness, 40))[0]!;
    const payment = await authorize(harness, offer);
    const body = bookingBody(offer, payment.body.paymentId, 'mallory@example.com');
    const name = 'Jane\u202Eevil\u2066';
    body.passengers[0]!.firstName = name;
    const booking = await harness.api().post('/api/bookings').set('Idempotency-Key', 'cli-bidi').send(body);
    expect(booking.status, JSON.stringify(booking.body)).toBe(201);

    const revealed = await at('bookings', 'history', booking.body.id, '--reveal', '--reason', REASON);
    expect(revealed.code, revealed.err).toBe(0);
    expect(revealed.out).toContain('passengers: adult Jane\\u202Eevil\\u2066 Traveller <mallory@example.com>');
    expect(revealed.out).not.toMatch(/[\u202e\u2066]/);
    const json = await at('bookings', 'history', booking.body.id, '--reveal', '--reason', REASON, '--json');
    expect(json.out).not.toMatch(/[\u202e\u2066]/);
    expect(JSON.stringify(JSON.parse(json.out))).toContain(name);
  });
});
