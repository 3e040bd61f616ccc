import path from 'node:path';
import express, { type Express } from 'express';
import { pinoHttp } from 'pino-http';
import { z } from 'zod';
import { SystemModeStore } from '../system-mode/store.js';
import { systemClock } from '../clock.js';
import { ConfigError, environmentSchema } from '../config.js';
import type { EventStore } from '../eventstore/eventstore.js';
import { kurrentEventStore } from '../eventstore/kurrent-eventstore.js';
import { postgresEventStore } from '../eventstore/postgres-eventstore.js';
import { healthRoutes } from '../health/routes.js';
import { errorHandler } from '../http/errors.js';
import { accessLogSerializers, type Logger } from '../logging/logger.js';
import { privateDirectory } from '../storage/data-dir.js';
import { runMigrations } from '../storage/migrations.js';
import { openPglite } from '../storage/pglite.js';
import { openPostgres } from '../storage/postgres.js';
import { migrations } from './migrations.js';
import type { SqlClient } from '../storage/sql.js';
import {
  DuffelSandbox,
  sandboxCredentials,
  sandboxRoutes,
  SqlDuffelSandboxStore,
  SqlStripeSandboxStore,
  type RateLimit,
} from '@contrail/sandboxes';
import { duffelRateLimitOf } from './sandboxes.js';

/**
 * The sandboxes process of the scaled shape (`node engine/dist/runtime/sandboxes-main.js`): the Duffel and
 * Stripe sandboxes on a port of their own, on the private network only, keeping their orders,
 * payments and idempotency keys in the deployment's database so any number of engines and workers
 * agree. It answers only the credentials derived from SANDBOX_SECRET, never in live mode (it reads
 * the system mode from the same event store as the engines), and with NODE_ENV=production only
 * when SANDBOXES_ENABLED=true.
 */
const sandboxesEnvironment = environmentSchema
  .pick({
    NODE_ENV: true,
    PORT: true,
    HOST: true,
    LOG_LEVEL: true,
    DATA_DIR: true,
    SHUTDOWN_TIMEOUT_MS: true,
    REQUEST_TIMEOUT_MS: true,
    DATABASE_URL: true,
    EVENTSTORE_URL: true,
    SANDBOXES_ENABLED: true,
    DUFFEL_SANDBOX_RATELIMIT: true,
  })
  .extend({ SANDBOX_SECRET: z.string({ error: 'required' }).min(32, 'must be at least 32 characters') });

export interface SandboxesConfig {
  port: number;
  host: string;
  logLevel: string;
  dataDir: string;
  shutdownTimeoutMs: number;
  requestTimeoutMs: number;
  databaseUrl: string | undefined;
  eventStoreUrl: string | undefined;
  secret: string;
  /** DUFFEL_SANDBOX_RATELIMIT, read: every token's requests per window (generous when absent). */
  duffelRateLimit: RateLimit | undefined;
  devTools: boolean;
}

export function loadSandboxesConfig(source: NodeJS.ProcessEnv = process.env): SandboxesConfig {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = sandboxesEnvironment.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && env.SANDBOXES_ENABLED !== 'true') {
    throw new ConfigError([
      'SANDBOXES_ENABLED: the sandboxes are test tools, off with NODE_ENV=production unless set to true',
    ]);
  }
  return {
    port: env.PORT,
    host: env.HOST,
    logLevel: env.LOG_LEVEL,
    dataDir: env.DATA_DIR,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    databaseUrl: env.DATABASE_URL,
    eventStoreUrl: env.EVENTSTORE_URL,
    secret: env.SANDBOX_SECRET,
    duffelRateLimit: duffelRateLimitOf(env.DUFFEL_SANDBOX_RATELIMIT),
    devTools: source.NODE_ENV === 'development',
  };
}

export interface SandboxesService {
  app: Express;
  close(): Promise<void>;
}

async function openStorage(config: SandboxesConfig): Promise<SqlClient> {
  if (config.databaseUrl) return openPostgres({ url: config.databaseUrl });
  privateDirectory(config.dataDir);
  return openPglite(path.join(config.dataDir, 'sandboxes-pglite'));
}

export async function createSandboxesService(config: SandboxesConfig, logger: Logger): Promise<SandboxesService> {
  const sql = await openStorage(config);
  await runMigrations(sql, migrations);
  const eventStore: EventStore = config.eventStoreUrl
    ? kurrentEventStore(config.eventStoreUrl)
    : postgresEventStore(sql);
  const mode = new SystemModeStore(eventStore, systemClock);
  const storageCheck = { name: 'storage', check: async () => ({ ok: (await sql.query('SELECT 1')).rowCount === 1 }) };
  const app = express();
  app.disable('x-powered-by');
  app.use(
    pinoHttp({
      logger,
      serializers: accessLogSerializers,
      wrapSerializers: false,
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
    }),
  );
  app.use(healthRoutes([storageCheck]));
  app.use(
    sandboxRoutes({
      duffelSandbox: new DuffelSandbox(systemClock, new SqlDuffelSandboxStore(sql), {
        rateLimit: config.duffelRateLimit,
      }),
      stripeSandbox: { store: new SqlStripeSandboxStore(sql) },
      sandboxCredentials: sandboxCredentials(config.secret),
      isLive: async () => (await mode.current()) === 'live',
    }),
  );
  app.use(errorHandler({ exposeStack: config.devTools }));
  return {
    app,
    async close() {
      await eventStore.close();
      await sql.close();
    },
  };
}
