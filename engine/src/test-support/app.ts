import { pino } from 'pino';
import type { AppDeps } from '../app.js';
import { scryptHasher, type PasswordHasher } from '../accounts/passwords.js';
import { bookingDepsFrom } from '../bookings/wiring.js';
import { ManualClock } from '../clock.js';
import { loadConfig, type Config } from '../config.js';
import { postgresEventStore } from '../eventstore/postgres-eventstore.js';
import { inProcessJobQueue } from '../jobs/in-process-queue.js';
import { flightsFor } from '../flights/wiring.js';
import type { DuffelSandbox, SandboxRoutesDeps } from '@contrail/sandboxes';
import { mountSandboxes } from '../runtime/sandboxes.js';
import { connectSandboxWebhooks } from '../runtime/sandbox-webhooks.js';
import type { SqlClient } from '../storage/sql.js';
import { SelfUrl } from '../calls/self-url.js';
import { sharedServices } from '../runtime/services.js';

/** Cheap scrypt for tests only: production always hashes at OWASP's parameters. */
export const testPasswordHasher = scryptHasher({ logN: 10, r: 8, p: 1 });

export type TestDepsOverrides = Omit<Partial<AppDeps>, 'config'> & {
  config?: Partial<Config>;
  /** Cheap scrypt by default (testPasswordHasher). */
  passwordHasher?: PasswordHasher;
  /** How long POST /api/bookings waits for the order (bookings/wiring.ts has the default). */
  bookingOrderWaitMs?: number;
  /** The pace of the slow retries of an order the provider does not answer (bookings/wiring.ts has the default). */
  bookingOrderRecheckMs?: number;
  /** Mounts the Stripe sandbox too (payments then reach it over HTTP, through selfAddressedGateway). */
  stripeSandbox?: SandboxRoutesDeps['stripeSandbox'];
};

/** The app's dependencies, and the Duffel sandbox mounted for them (tests inject faults into it). */
export type TestDeps = AppDeps & { duffelSandbox: DuffelSandbox };

/**
 * Dependencies for an app under test, composed as the runtime composes them (adapters, then the
 * shared services, then the booking saga's): the given storage, a manual clock and a silent logger,
 * with any part replaced by `overrides`.
 */
export function testDeps(sql: SqlClient, overrides: TestDepsOverrides = {}): TestDeps {
  const {
    config,
    passwordHasher = testPasswordHasher,
    bookingOrderWaitMs,
    bookingOrderRecheckMs,
    stripeSandbox,
    ...rest
  } = overrides;
  const fullConfig = {
    ...loadConfig({ NODE_ENV: 'test' }),
    sessionSecret: 'test-session-secret-at-least-32-characters',
    piiMasterKey: Buffer.alloc(32, 'test-pii-master-key'),
    // Tests of other capabilities sign staff in with a password only; two-factor/ tests pass 'staff'.
    twoFactorRequired: 'nobody' as const,
    ...config,
  };
  const clock = rest.clock ?? new ManualClock();
  // Payments given by a test reach the mounted Stripe sandbox once the app listens (test-support/listen.ts).
  const selfUrl = rest.selfUrl ?? new SelfUrl('127.0.0.1', 0);
  const systemMode: { store?: AppDeps['systemMode'] } = {};
  // Flights go to the mounted Duffel sandbox through the official client, in-process, as in the embedded default.
  const sandboxes = mountSandboxes({
    clock,
    sql,
    isLive: async () => (await systemMode.store?.current()) === 'live',
    stripe: stripeSandbox ?? false,
  });
  const { flightsSpec: _spec, ...flights } = flightsFor({ ...fullConfig, duffel: undefined }, sandboxes.access);
  const adapters = {
    ...flights,
    sandboxes: sandboxes.routes,
    selfUrl,
    config: fullConfig,
    clock,
    logger: pino({ level: 'silent' }),
    sql,
    eventStore: postgresEventStore(sql, { pollIntervalMs: 10 }),
    // No workers run unless a test starts them: enqueued jobs just wait in the table.
    jobs: inProcessJobQueue({ sql }),
    readiness: [],
    ...rest,
  };
  const services = sharedServices({ ...adapters, passwordHasher }, rest);
  systemMode.store = services.systemMode;
  const bookings =
    rest.bookings ?? bookingDepsFrom({ ...adapters, ...services, bookingOrderWaitMs, bookingOrderRecheckMs });
  if (bookings && sandboxes.duffel) connectSandboxWebhooks(sandboxes.duffel, bookings);
  const duffelSandbox = sandboxes.duffel!;
  return {
    ...adapters,
    ...services,
    ...(bookings && { bookings }),
    duffelSandbox,
    sandboxRoutePrices: duffelSandbox.faults,
  };
}
