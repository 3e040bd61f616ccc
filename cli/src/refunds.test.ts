import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OverdueRefund } from '@contrail/shared/booking/refund-progress';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliHarness, type CliRun } from './test-support/cli-harness.js';

/**
 * `contrail refunds overdue` (issue 36) against an engine that answers the shared contract (the
 * route itself is tested in the engine: engine/src/bookings/read-model/overdue-refunds.test.ts).
 */
const late: OverdueRefund = {
  bookingId: 'bkg_late',
  reference: 'ABC12345',
  brandKey: 'skyhop',
  amount: '80.00',
  currency: 'USD',
  airlinePaidAt: '2026-11-05T09:00:00.000Z',
  promisedBy: '2026-11-12T09:00:00.000Z',
  daysSinceAirlinePaid: 15,
};

describe('contrail refunds overdue', () => {
  const asked: string[] = [];
  let answer: OverdueRefund[] = [late];
  const engine = createServer((req: IncomingMessage, res) => {
    asked.push(req.url ?? '');
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ refunds: answer }));
  });
  let url: string;
  let harness: Awaited<ReturnType<typeof cliHarness>>;
  const at = (...argv: string[]): Promise<CliRun> => harness.cli('--url', url, 'refunds', 'overdue', ...argv);

  beforeAll(async () => {
    await new Promise<void>((resolve) => engine.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(engine.address() as AddressInfo).port}`;
    harness = await cliHarness();
  });
  afterAll(async () => {
    await harness.cleanup();
    await new Promise<void>((resolve) => engine.close(() => resolve()));
  });

  it('prints the overdue refunds as a table, oldest first, for a brand when asked', async () => {
    const run = await at('--brand', 'SkyHop');
    expect(run.code, run.err).toBe(0);
    expect(asked.at(-1)).toBe('/api/admin/refunds/overdue?brand=skyhop');
    const [header, row] = run.out.split('\n');
    expect(header).toMatch(/^REFERENCE\s+BRAND\s+AMOUNT\s+AIRLINE PAID \(UTC\)\s+DAYS\s+PROMISED BY \(UTC\)\s+ID$/);
    expect(row).toMatch(/^ABC12345\s+skyhop\s+80\.00 USD\s+.*2026.*\s+15\s+.*2026.*\s+bkg_late$/);
  });

  it('prints JSON for scripts, and says so when none is overdue', async () => {
    expect(JSON.parse((await at('--json')).out)).toEqual([late]);
    answer = [];
    expect((await at()).out).toBe(
      'No refund is overdue: every refund the airline paid over 7 days ago has reached its traveller.\n',
    );
  });
});
