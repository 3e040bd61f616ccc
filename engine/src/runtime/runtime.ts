import path from 'node:path';
import type { AppDeps } from '../app.js';
import { systemClock } from '../clock.js';
import type { Config } from '../config.js';
import type { Logger } from '../logging/logger.js';
import { runMigrations } from '../storage/migrations.js';
import { openPglite } from '../storage/pglite.js';
import { openPostgres } from '../storage/postgres.js';
import { migrations } from '../storage/schema.js';
import type { SqlClient } from '../storage/sql.js';

export interface Runtime {
  deps: AppDeps;
  /** Starts background work (subscriptions, in-process jobs) once the HTTP server listens. */
  start(): Promise<void>;
  /** Stops background work and closes every adapter, newest first. */
  close(): Promise<void>;
}

async function openStorage(config: Config): Promise<SqlClient> {
  if (config.databaseUrl) return openPostgres({ url: config.databaseUrl });
  return openPglite(path.join(config.dataDir, 'pglite'));
}

/** Builds every adapter the configuration asks for: the embedded default or the scaled shape. */
export async function createRuntime(config: Config, logger: Logger): Promise<Runtime> {
  const closers: Array<() => Promise<void>> = [];
  const sql = await openStorage(config);
  closers.push(() => sql.close());
  const applied = await runMigrations(sql, migrations);
  if (applied.length > 0) logger.info({ migrations: applied }, 'applied migrations');
  logger.info({ storage: sql.kind, embedded: config.embedded }, 'storage ready');

  const deps: AppDeps = { config, clock: systemClock, logger, sql, readiness: [] };
  return {
    deps,
    async start() {},
    async close() {
      for (const close of closers.reverse()) {
        await close().catch((error: unknown) => logger.error({ err: error }, 'error while closing an adapter'));
      }
    },
  };
}
