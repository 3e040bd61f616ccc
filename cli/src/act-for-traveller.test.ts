import { createApp, type SqlClient } from '@contrail/engine';
import {
  authorize,
  bookingBody,
  bookingHarness,
  sqlBackends,
  TEST_PASSWORD,
  TEST_USERS,
  type BookingHarness,
} from '@contrail/engine/testing';
import type { FlightOffer } from '@contrail/shared';
import { isInternationalOffer } from '@contrail/shared/booking/international';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cliHarness, listen, type CliRun } from './test-support/cli-harness.js';
import { FakeStdin, FakeStdout, plain, type } from './test-support/terminal.js';

const REASON = 'Ticket 77: the traveller called';

/** Issue #31: `contrail bookings cancel` and `resend-confirmation`, support acting for the traveller. */
describe('contrail bookings cancel and resend-confirmation against a real engine', () => {
  let sql: SqlClient;
  let harness: BookingHarness;
  let engine: Awaited<ReturnType<typeof listen>>;
  let cli: (...argv: string[]) => Promise<CliRun>;
  let cleanup: () => Promise<void>;
  const bookings: string[] = [];
  const at = (...argv: string[]) => cli('--url', engine.url, ...argv);

  async function refundable(daysAhead: number): Promise<FlightOffer> {
    const date = new Date(harness.clock.now().getTime() + daysAhead * 86_400_000).toISOString().slice(0, 10);
    const found = await harness.deps.flights!.search({
      origin: 'JFK',
      destination: 'LAX',
      departureDate: date,
      cabinClass: 'business',
      adultsCount: 1,
      childrenCount: 0,
      infantsCount: 0,
    } as never);
    return found.find((offer) => !isInternationalOffer(offer) && offer.conditions.refund_before_departure?.allowed)!;
  }

  async function book(daysAhead: number) {
    const offer = await refundable(daysAhead);
    const payment = await authorize(harness, offer);
    const response = await harness
      .api()
      .post('/api/bookings')
      .set('Idempotency-Key', `cli-act-for-traveller-${daysAhead}`)
      .send(bookingBody(offer, payment.body.paymentId, `act.${daysAhead}@example.com`));
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    bookings.push(response.body.id as string);
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
    await book(50);
    await book(52);
    engine = await listen(createApp({ ...harness.deps, projections: harness.projections }));
    ({ cli, cleanup } = await cliHarness());
    await at('login', '--username', 'root', '--password', TEST_PASSWORD);
  }, scaled(120_000));
  afterAll(async () => {
    await engine?.close();
    await cleanup?.();
    await harness?.close();
    await sql?.close();
  });

  it('lists the new commands in the help of bookings', async () => {
    const help = await at('bookings', '--help');
    expect(help.out).toMatch(/cancel \[options\] <ref>\s+cancel for the traveller/);
    expect(help.out).toMatch(/resend-confirmation \[options\] <ref>/);
  });

  it('refuses without a reason, or without a confirmation outside a terminal (exit 2), changing nothing', async () => {
    expect(await at('bookings', 'cancel', bookings[0]!, '--yes')).toMatchObject({
      code: 2,
      err: expect.stringContaining('--reason: Please give a reason'),
    });
    expect(await at('bookings', 'cancel', bookings[0]!, '--reason', REASON)).toMatchObject({
      code: 2,
      err: 'Invalid input: cancelling needs a confirmation of the refund: run it in a terminal, or pass --yes\n',
    });
    expect(
      await at('bookings', 'resend-confirmation', bookings[0]!, '--reason', REASON, '--request-id', 'abc'),
    ).toMatchObject({
      code: 2,
      err: 'Invalid input: --request-id: "abc" is not a UUID\n',
    });
    const shown = await at('bookings', 'show', bookings[0]!, '--json');
    expect(JSON.parse(shown.out).status).toBe('confirmed');
  });

  it("adds an internal note to the booking's desk timeline, refusing an empty one (exit 2)", async () => {
    expect(await at('bookings', 'note', bookings[1]!, '--text', '  ')).toMatchObject({ code: 2 });
    const added = await at('bookings', 'note', bookings[1]!, '--text', 'Called back, all fine', '--json');
    expect(added.code, added.err).toBe(0);
    expect(JSON.parse(added.out).entries).toContainEqual(
      expect.objectContaining({ type: 'InternalNoteAdded', text: 'Called back, all fine' }),
    );
  });

  it('resends the confirmation once per request id', async () => {
    const requestId = randomUUID();
    const first = await at(
      'bookings',
      'resend-confirmation',
      bookings[1]!,
      '--reason',
      REASON,
      '--request-id',
      requestId,
    );
    expect(first).toMatchObject({
      code: 0,
      out: `The confirmation email will be sent again (request ${requestId}).\n`,
    });
    const again = await at(
      'bookings',
      'resend-confirmation',
      bookings[1]!,
      '--reason',
      REASON,
      '--request-id',
      requestId,
      '--json',
    );
    expect(again.code).toBe(0);
    expect(JSON.parse(again.out)).toMatchObject({ requestId, queued: false });
  });

  it('shows the quote, asks, and cancels with exactly that refund', async () => {
    const stdin = new FakeStdin();
    const terminal = new FakeStdout();
    const tty = await cliHarness({
      interactive: true,
      stdin: stdin as unknown as NodeJS.ReadStream,
      terminal: terminal as unknown as NodeJS.WriteStream,
    });
    try {
      await tty.cli('--url', engine.url, 'login', '--username', 'root', '--password', TEST_PASSWORD);
      const declined = tty.cli('--url', engine.url, 'bookings', 'cancel', bookings[0]!, '--reason', REASON);
      await vi.waitFor(() => expect(stdin.listenerCount('readable')).toBeGreaterThan(0), { timeout: scaled(30_000) });
      await type(stdin, 'n');
      const no = await declined;
      expect(no).toMatchObject({ code: 1, err: 'Not cancelled: the quote was recorded, nothing else changed.\n' });
      expect(no.out).toMatch(/^Paid: {4}\d+\.\d\d USD\nRefund: {2}\d+\.\d\d USD to the card ending 4242\n/);
      expect(plain(terminal.output).replace(/\s+/g, ' ')).toMatch(/Cancel this booking for the traveller and refund/);
    } finally {
      await tty.cleanup();
    }
    const cancelled = await at('bookings', 'cancel', bookings[0]!, '--reason', REASON, '--yes', '--json');
    expect(cancelled.code, cancelled.err).toBe(0);
    const { quote, cancellation } = JSON.parse(cancelled.out);
    expect(cancellation).toEqual({
      success: true,
      message: 'Booking cancelled',
      refund: { amount: quote.refund, currency: quote.currency },
    });
    const history = await at('bookings', 'history', bookings[0]!, '--json');
    const requested = JSON.parse(history.out).events.find(
      (event: { type: string }) => event.type === 'CancellationRequested',
    );
    expect(requested.data.staff).toMatchObject({ username: 'root', reason: REASON });
    expect(await at('bookings', 'cancel', bookings[0]!, '--reason', REASON, '--yes')).toMatchObject({ code: 1 });
  });
});
