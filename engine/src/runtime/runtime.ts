import path from 'node:path';
import { Redis } from 'ioredis';
import { createAccounts } from '../accounts/accounts.js';
import { bootstrapAdmin } from '../accounts/bootstrap-admin.js';
import { redisRateLimitStores } from '../accounts/rate-limit-redis.js';
import { embeddedSessionSecret } from '../accounts/session-secret.js';
import type { AppDeps } from '../app.js';
import { systemClock } from '../clock.js';
import type { Config } from '../config.js';
import type { EventStore } from '../eventstore/eventstore.js';
import { flightsFor } from '../flights/wiring.js';
import { kurrentEventStore } from '../eventstore/kurrent-eventstore.js';
import { postgresEventStore } from '../eventstore/postgres-eventstore.js';
import type { Logger } from '../logging/logger.js';
import { runMigrations } from '../storage/migrations.js';
import { openPglite } from '../storage/pglite.js';
import { openPostgres } from '../storage/postgres.js';
import { migrations } from '../storage/schema.js';
import type { SqlClient } from '../storage/sql.js';
import { SelfUrl } from '../system/self-url.js';

export interface Runtime {
  deps: AppDeps;
  /** Starts background work (subscriptions, in-process jobs) once the HTTP server listens. */
  start(): Promise<void>;
  /** Stops background work and closes every adapter, newest first. */
  close(): Promise<void>;
}

function openEventStore(config: Config, sql: SqlClient): EventStore {
  return config.eventStoreUrl ? kurrentEventStore(config.eventStoreUrl) : postgresEventStore(sql);
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
  const eventStore = openEventStore(config, sql);
  closers.push(() => eventStore.close());

  const sessionSecret = config.sessionSecret ?? (await embeddedSessionSecret(config.dataDir));
  let rateLimitStore: AppDeps['rateLimitStore'];
  if (config.redisUrl) {
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 3 });
    closers.push(async () => void (await redis.quit()));
    rateLimitStore = redisRateLimitStores(redis);
  }
  await bootstrapAdmin(createAccounts({ sql, clock: systemClock }), config, logger);

  const selfUrl = new SelfUrl(config.host, config.port);
  const deps: AppDeps = {
    ...flightsFor(config, systemClock, selfUrl, sql),
    selfUrl,
    config: { ...config, sessionSecret },
    clock: systemClock,
    logger,
    sql,
    eventStore,
    readiness: [],
    ...(rateLimitStore && { rateLimitStore }),
  };
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
