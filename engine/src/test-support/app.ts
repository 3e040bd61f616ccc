import { pino } from 'pino';
import type { AppDeps } from '../app.js';
import { scryptHasher } from '../accounts/passwords.js';
import { ManualClock } from '../clock.js';
import { loadConfig, type Config } from '../config.js';
import { postgresEventStore } from '../eventstore/postgres-eventstore.js';
import { inProcessJobQueue } from '../jobs/in-process-queue.js';
import { flightsFor } from '../flights/wiring.js';
import { mountedSandboxes } from '../sandbox/access.js';
import type { SqlClient } from '../storage/sql.js';
import { SelfUrl } from '../calls/self-url.js';

/** Cheap scrypt for tests only: production always hashes at OWASP's parameters. */
export const testPasswordHasher = scryptHasher({ logN: 10, r: 8, p: 1 });

export type TestDepsOverrides = Omit<Partial<AppDeps>, 'config'> & { config?: Partial<Config> };

/** Dependencies for an app under test: the given storage, a manual clock and a silent logger. */
export function testDeps(sql: SqlClient, overrides: TestDepsOverrides = {}): AppDeps {
  const { config, ...rest } = overrides;
  const fullConfig = {
    ...loadConfig({ NODE_ENV: 'test' }),
    sessionSecret: 'test-session-secret-at-least-32-characters',
    ...config,
  };
  const clock = rest.clock ?? new ManualClock();
  // Flights go to the mounted sandbox, reached once the app listens (test-support/listen.ts).
  const selfUrl = new SelfUrl('127.0.0.1', 0);
  return {
    ...flightsFor({ ...fullConfig, duffel: undefined }, clock, mountedSandboxes(selfUrl), sql),
    selfUrl,
    config: fullConfig,
    clock,
    logger: pino({ level: 'silent' }),
    sql,
    eventStore: postgresEventStore(sql, { pollIntervalMs: 10 }),
    // No workers run unless a test starts them: enqueued jobs just wait in the table.
    jobs: inProcessJobQueue({ sql }),
    readiness: [],
    passwordHasher: testPasswordHasher,
    ...rest,
  };
}
