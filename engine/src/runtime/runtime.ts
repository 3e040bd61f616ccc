import path from 'node:path';
import { Redis } from 'ioredis';
import { createAccounts } from '../accounts/accounts.js';
import { bootstrapAdmin } from '../accounts/bootstrap-admin.js';
import { redisRateLimitStores } from '../accounts/rate-limit-redis.js';
import { embeddedSessionSecret } from '../accounts/session-secret.js';
import type { AppDeps } from '../app.js';
import { registerBookingJobs } from '../bookings/jobs/register.js';
import { bookingsProjection } from '../bookings/read-model/projection.js';
import { bookingDepsFrom } from '../bookings/wiring.js';
import { paymentsFor } from '../payments/wiring.js';
import { systemClock } from '../clock.js';
import type { Config } from '../config.js';
import type { EventStore } from '../eventstore/eventstore.js';
import { flightsFor } from '../flights/wiring.js';
import { kurrentEventStore } from '../eventstore/kurrent-eventstore.js';
import { postgresEventStore } from '../eventstore/postgres-eventstore.js';
import { bullmqJobQueue } from '../jobs/bullmq-queue.js';
import { inProcessJobQueue } from '../jobs/in-process-queue.js';
import { JobHandlerRegistry, type JobQueue } from '../jobs/job-queue.js';
import { schedulePeriodicJobs } from '../jobs/periodic.js';
import type { Projection } from '../projections/projection.js';
import { projectionReadiness } from '../projections/readiness.js';
import { projectionRunner } from '../projections/runner.js';
import type { Logger } from '../logging/logger.js';
import { runMigrations } from '../storage/migrations.js';
import { openPglite } from '../storage/pglite.js';
import { openPostgres } from '../storage/postgres.js';
import { migrations } from '../storage/schema.js';
import type { SqlClient } from '../storage/sql.js';
import { SelfUrl } from '../system/self-url.js';

export interface Runtime {
  deps: AppDeps;
  /** Job handlers: run in-process by start() in the embedded shape, by `workers/` with BullMQ. */
  jobHandlers: JobHandlerRegistry;
  /** Starts background work (subscriptions, in-process jobs) once the HTTP server listens. */
  start(): Promise<void>;
  /** Stops background work and closes every adapter, newest first. */
  close(): Promise<void>;
}

function openEventStore(config: Config, sql: SqlClient): EventStore {
  return config.eventStoreUrl ? kurrentEventStore(config.eventStoreUrl) : postgresEventStore(sql);
}

function openJobQueue(config: Config, sql: SqlClient, logger: Logger): JobQueue {
  return config.redisUrl ? bullmqJobQueue({ redisUrl: config.redisUrl, logger }) : inProcessJobQueue({ sql, logger });
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
  const jobs = openJobQueue(config, sql, logger);
  closers.push(() => jobs.close());
  // Capabilities register their handlers here once their dependencies exist (see jobs/queues.ts).
  const jobHandlers = new JobHandlerRegistry();
  // Read models fed from the event store: capabilities add their projections to this list.
  const readModels: Projection[] = [bookingsProjection];
  const projections = projectionRunner({ sql, eventStore, projections: readModels, logger });
  closers.push(() => projections.stop());

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
    ...paymentsFor(config, selfUrl, sql),
    selfUrl,
    config: { ...config, sessionSecret },
    clock: systemClock,
    logger,
    sql,
    eventStore,
    jobs,
    readiness: [projectionReadiness(projections)],
    projections,
    ...(rateLimitStore && { rateLimitStore }),
  };
  const bookings = bookingDepsFrom(deps);
  if (bookings) registerBookingJobs(jobHandlers, bookings);
  return {
    deps,
    jobHandlers,
    async start() {
      await projections.start();
      if (jobs.kind === 'in-process') {
        await jobs.startWorkers(jobHandlers);
        await schedulePeriodicJobs(jobs, jobHandlers);
      }
    },
    async close() {
      for (const close of closers.reverse()) {
        await close().catch((error: unknown) => logger.error({ err: error }, 'error while closing an adapter'));
      }
    },
  };
}
