import { randomBytes } from 'node:crypto';
import type { FlightOffer } from '@contrail/shared';
import type { ReconciliationReport } from '@contrail/shared/admin/reconciliation';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInNewStaff } from '../accounts/two-factor/test-support/staff-sign-in.js';
import { sandboxCredentials } from '@contrail/sandboxes/credentials';
import { openPostgres } from '../storage/postgres.js';
import type { SqlClient } from '../storage/sql.js';
import { sandboxOffers } from '../test-support/bench-support.js';
import { payAndBook } from '../test-support/chaos-browser.js';
import { eventually } from '../test-support/eventually.js';
import {
  scaledEnvironment,
  startSandboxes,
  type ScaledEnvironment,
  type ServerHandle,
} from '../test-support/processes.js';
import { startProcess, stopAll, type RealProcess } from '../test-support/real-processes.js';
import { serviceUrl } from '../test-support/services.js';

const databaseUrl = serviceUrl('DATABASE_URL');
const redisUrl = serviceUrl('REDIS_URL');
const ADMIN = { username: 'takeover-admin', password: `Takeover-${randomBytes(8).toString('hex')}!` };
const BOOKINGS = 12;
const took = (lease: string) => new RegExp(`"lease":"${lease}"[^\\n]*took the lease`);

interface Shape {
  name: string;
  /** What every process is given beyond the scaled environment. */
  env: Record<string, string>;
  /** The leases the killed projector holds, for the standby to take. */
  killed: string[];
  /** The leases of another projector that lives on (split work), untouched by the kill. */
  others: string[];
}

const SHAPES: Shape[] = [
  { name: 'one owner per subscription', env: {}, killed: ['projections', 'booking-saga'], others: [] },
  {
    name: 'work split over two partitions, one per projector',
    env: { PARTITIONS: '2', PARTITIONS_PER_PROCESS: '1' },
    killed: ['projector#0/2'],
    others: ['projector#1/2'],
  },
];

/**
 * Issue 37's proof of one owner per subscription, with real processes on PostgreSQL and Redis: an
 * engine (ROLES=engine), a worker (ROLES=worker) and projectors (ROLES=projector): one active and
 * one standby, or, with the work split over two partitions, one active per partition and one
 * standby. An active projector, owner of read models and of the saga processor (of its partition),
 * is SIGKILLed while bookings are under way: the standby takes its leases over within 10 s, every
 * booking is confirmed, no event is applied twice and the reconciler finds nothing wrong.
 */
describe.runIf(databaseUrl && redisUrl).each(SHAPES)(
  'the projector owning read models and the saga killed mid-load ($name)',
  { timeout: scaled(240_000) },
  (shape) => {
    let environment: ScaledEnvironment;
    let sandboxes: ServerHandle;
    let sql: SqlClient;
    let engine: RealProcess;
    let active: RealProcess;
    let standby: RealProcess;
    const offers: FlightOffer[] = [];

    beforeAll(async () => {
      environment = await scaledEnvironment({ databaseUrl: databaseUrl!, redisUrl: redisUrl! });
      sql = openPostgres({ url: databaseUrl!, schema: environment.schema, maxConnections: 2 });
      const env = {
        ...environment.env,
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        JOB_LOCK_MS: '2000',
        ...shape.env,
      };
      sandboxes = await startSandboxes({ env: { ...env, SANDBOXES_ENABLED: 'true' } });
      const withSandboxes = { ...env, SANDBOX_URL: sandboxes.url };
      active = await startProcess('worker', 'projector-1', { ...withSandboxes, ROLES: 'projector' });
      for (const lease of shape.killed) await active.printed(took(lease));
      // Split work: a second active projector takes the other partition before the standby starts.
      if (shape.others.length > 0) {
        const other = await startProcess('worker', 'projector-other', { ...withSandboxes, ROLES: 'projector' });
        for (const lease of shape.others) await other.printed(took(lease));
      }
      [engine, standby] = await Promise.all([
        startProcess('engine', 'engine', { ...withSandboxes, ROLES: 'engine' }),
        startProcess('worker', 'projector-2', { ...withSandboxes, ROLES: 'projector' }),
        startProcess('worker', 'worker', { ...withSandboxes, ROLES: 'worker' }),
      ]);
      const { duffelToken } = sandboxCredentials(environment.env.SANDBOX_SECRET!);
      offers.push(...(await sandboxOffers(sandboxes.url, duffelToken, BOOKINGS)));
    }, scaled(240_000));

    afterAll(async () => {
      await stopAll();
      await sandboxes?.stop();
      await sql?.close();
      await environment?.close();
    });

    const count = async (query: string) => Number((await sql.query<{ n: string }>(query)).rows[0]!.n);

    it('is replaced by the standby within 10 s; every booking is confirmed once and reconciled', async () => {
      expect(standby.output()).not.toMatch(/took the lease/);
      const run = randomBytes(3).toString('hex');
      const book = (from: number, to: number) =>
        Promise.all(
          offers.slice(from, to).map((offer, index) => payAndBook([engine], offer, `takeover-${run}-${from + index}`)),
        );
      // Half the load first; the other half once the owner is killed, so some bookings are always
      // left for the standby (a busy machine could see the first half applied in one batch).
      const firstHalf = book(0, BOOKINGS / 2);
      // Mid-load: the active projector has applied some bookings, and others are still to come.
      const applied = await eventually(
        () => count(`SELECT count(*) AS n FROM booking_views WHERE status = 'confirmed'`),
        (n) => n >= 2,
        60_000,
      );
      expect(applied).toBeGreaterThanOrEqual(2);
      expect(applied).toBeLessThan(BOOKINGS);

      const killedAt = Date.now();
      expect(await active.kill()).toBe(null);
      for (const lease of shape.killed) await standby.printed(took(lease), 10_000);
      const takeOverMs = Date.now() - killedAt;
      console.info(
        `[take-over] the standby ran ${shape.killed.join(' and ')} ${takeOverMs} ms after the owner was killed`,
      );
      for (const lease of shape.others) expect(standby.output()).not.toMatch(took(lease));
      expect(takeOverMs).toBeLessThan(scaled(10_000));

      const secondHalf = book(BOOKINGS / 2, BOOKINGS);
      const answers = [...(await firstHalf), ...(await secondHalf)];
      expect(answers.map(({ booking }) => booking.status)).toEqual(answers.map(() => 201));
      // No booking lost and none counted twice: one confirmed row each, one booking each in the revenue sums.
      const confirmed = await eventually(
        () => count(`SELECT count(*) AS n FROM booking_views WHERE status = 'confirmed'`),
        (n) => n >= BOOKINGS,
      );
      expect(confirmed).toBe(BOOKINGS);
      const counted = await eventually(
        () => count('SELECT coalesce(sum(bookings), 0) AS n FROM revenue_days'),
        (n) => n >= BOOKINGS,
      );
      expect(counted).toBe(BOOKINGS);
      expect(await count('SELECT count(*) AS n FROM revenue_bookings')).toBe(BOOKINGS);

      const cookie = await signInNewStaff(engine.url, ADMIN);
      const response = await fetch(`${engine.url}/api/admin/reconciliation`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ settleSeconds: 0 }),
      });
      const { report } = (await response.json()) as { report: ReconciliationReport };
      expect(report.mismatches).toEqual([]);
      expect(report.unchecked).toEqual([]);
    });
  },
);
