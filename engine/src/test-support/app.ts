import { pino } from 'pino';
import type { AppDeps } from '../app.js';
import { scryptHasher } from '../accounts/passwords.js';
import { ManualClock } from '../clock.js';
import { loadConfig, type Config } from '../config.js';
import { postgresEventStore } from '../eventstore/postgres-eventstore.js';
import type { SqlClient } from '../storage/sql.js';

/** Cheap scrypt for tests only: production always hashes at OWASP's parameters. */
export const testPasswordHasher = scryptHasher({ logN: 10, r: 8, p: 1 });

/** Dependencies for an app under test: the given storage, a manual clock and a silent logger. */
export function testDeps(sql: SqlClient, overrides: Partial<AppDeps> & { config?: Partial<Config> } = {}): AppDeps {
  const { config, ...rest } = overrides;
  return {
    config: { ...loadConfig({ NODE_ENV: 'test' }), sessionSecret: 'test-session-secret-at-least-32-characters', ...config },
    clock: new ManualClock(),
    logger: pino({ level: 'silent' }),
    sql,
    eventStore: postgresEventStore(sql, { pollIntervalMs: 10 }),
    readiness: [],
    passwordHasher: testPasswordHasher,
    ...rest,
  };
}
