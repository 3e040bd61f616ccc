import { pino } from 'pino';
import type { AppDeps } from '../app.js';
import { ManualClock } from '../clock.js';
import { loadConfig, type Config } from '../config.js';
import type { SqlClient } from '../storage/sql.js';

/** Dependencies for an app under test: the given storage, a manual clock and a silent logger. */
export function testDeps(sql: SqlClient, overrides: Partial<AppDeps> & { config?: Partial<Config> } = {}): AppDeps {
  const { config, ...rest } = overrides;
  return {
    config: { ...loadConfig({ NODE_ENV: 'test' }), ...config },
    clock: new ManualClock(),
    logger: pino({ level: 'silent' }),
    sql,
    readiness: [],
    ...rest,
  };
}
