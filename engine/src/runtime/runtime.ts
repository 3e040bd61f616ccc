import path from 'node:path';
import { bootstrapAdmin } from '../accounts/bootstrap-admin.js';
import { StaffService } from '../staff/staff-service.js';
import type { ReadinessCheck } from '../health/routes.js';
import { embeddedSessionSecret } from '../accounts/session-secret.js';
import type { AppDeps } from '../app.js';
import { cardPaymentsProjection } from '../bookings/read-model/card-payments.js';
import { openPurchasesProjection } from '../bookings/read-model/open-purchases.js';
import { BrandStore } from '../brands/brand-store.js';
import { seedDemoBrands } from '../brands/demo-brands.js';
import { bookingsProjection } from '../bookings/read-model/projection.js';
import { revenueProjection } from '../revenue/projection.js';
import { deliverWebhooksHandler, WEBHOOK_TIMEOUT_MS } from '../webhooks/deliver-job.js';
import { webhookProjection } from '../webhooks/projection.js';
import { emailAlertProjection } from '../webhooks/email-alert-projection.js';
import { sendEmailAlertsHandler } from '../webhooks/email-alert-job.js';
import { accessLogProjection } from '../support-desk/access-log-projection.js';
import { inboxProjection } from '../support-desk/inbox/projection.js';
import { bookingSearchKeysProjection } from '../support-desk/search/projection.js';
import { sagaProcessor } from '../bookings/saga/processor.js';
import { scheduleChangesProjection } from '../bookings/schedule-changes/projection.js';
import { priceTrackingProjection } from '../price-tracking/projection.js';
import { priceTrackingDepsFrom, registerPriceTrackingJobs } from '../price-tracking/wiring.js';
import { connectSandboxWebhooks } from './sandbox-webhooks.js';
import { registerBookingJobs } from '../bookings/saga/register.js';
import { embeddedPiiMasterKey } from '../bookings/pii/master-key.js';
import { SqlPiiKeyStore } from '../bookings/pii/sql-key-store.js';
import { bookingDepsFrom } from '../bookings/wiring.js';
import { paymentsFor } from '../payments/wiring.js';
import { systemClock } from '../clock.js';
import type { Config } from '../config.js';
import type { EventStore } from '../eventstore/eventstore.js';
import { READ_TIMEOUT_MS } from '../flights/duffel-provider.js';
import { searchThreadPages } from '../flights/search-thread/search-thread-pages.js';
import { flightsFor } from '../flights/wiring.js';
import { postgresEventStore } from '../eventstore/postgres-eventstore.js';
import { inProcessJobQueue } from '../jobs/in-process-queue.js';
import { JobHandlerRegistry, type JobQueue } from '../jobs/job-queue.js';
import { schedulePeriodicJobs } from '../jobs/periodic.js';
import type { Projection } from '../projections/projection.js';
import { projectionReadiness } from '../projections/readiness.js';
import { projectionRunner, splitRunner } from '../projections/runner.js';
import { leaseKeeper, type LeasedWork } from '../leases/lease-keeper.js';
import { partitionedName, partitionsOf } from '../eventstore/partitions.js';
import type { Role } from './roles.js';
import type { Logger } from '../logging/logger.js';
import { sandboxesFor, type MountedSandboxes } from './sandboxes.js';
import { searchThreadEntry } from './search-thread-entry.js';
import { privateDirectory } from '../storage/data-dir.js';
import { runMigrations } from '../storage/migrations.js';
import { openPgliteWorker } from '../storage/pglite-worker.js';
import { openPostgres } from '../storage/postgres.js';
import { migrations } from './migrations.js';
import type { SqlClient } from '../storage/sql.js';
import { SelfUrl } from '../calls/self-url.js';
import { adapterChoices } from './adapters.js';
import { sharedServices } from './services.js';

export interface Runtime {
  deps: AppDeps;
  /** Job handlers: run in-process by start() in the embedded shape, by `workers/` with BullMQ. */
  jobHandlers: JobHandlerRegistry;
  /** The sandboxes mounted on this engine (the embedded default), for tests to inject faults. */
  sandboxes?: MountedSandboxes;
  /**
   * Starts this process's background work once it is ready: `worker` runs the jobs; `projector`
   * stands for the leases of the read models and the saga processor, and runs those it takes.
   */
  start(roles: ReadonlySet<Role>): Promise<void>;
  /** Stops background work and closes every adapter, newest first. */
  close(): Promise<void>;
}

// The scaled shape's clients (KurrentDB's gRPC client, BullMQ, ioredis) are imported only when
// configured: the embedded default never loads them, which keeps its idle memory down.

async function openEventStore(config: Config, sql: SqlClient): Promise<EventStore> {
  if (adapterChoices(config).eventStore !== 'kurrentdb') return postgresEventStore(sql);
  const { kurrentEventStore } = await import('../eventstore/kurrent-eventstore.js');
  return kurrentEventStore(config.eventStoreUrl!);
}

async function openJobQueue(config: Config, sql: SqlClient, logger: Logger): Promise<JobQueue> {
  if (adapterChoices(config).jobs === 'in-process') {
    // Only this process opens the embedded database: a claim found there at start is a dead run's.
    return inProcessJobQueue({ sql, logger, leaseMs: config.jobLockMs, freeLeasesAtStart: sql.kind === 'pglite' });
  }
  const { bullmqJobQueue } = await import('../jobs/bullmq-queue.js');
  return bullmqJobQueue({
    redisUrl: config.redisUrl!,
    prefix: config.redisPrefix,
    logger,
    lockDurationMs: config.jobLockMs,
    stalledIntervalMs: Math.min(config.jobLockMs, 30_000),
  });
}

/**
 * PostgreSQL when configured; else PGlite in DATA_DIR/pglite, run in its own thread and spoken to
 * over the wire protocol. If that thread dies the process exits (code 1) rather than restart it in
 * place: every in-memory view of the database (in-process job claims, projection positions,
 * subscriptions) would need resetting, and a process restart recovers all of it, and PGlite from its
 * write-ahead log, by the one path the crash tests prove.
 */
async function openStorage(config: Config, logger: Logger): Promise<SqlClient> {
  if (adapterChoices(config).storage === 'postgresql') return openPostgres({ url: config.databaseUrl! });
  privateDirectory(config.dataDir);
  return openPgliteWorker({
    dataDir: path.join(config.dataDir, 'pglite'),
    closeTimeoutMs: config.shutdownTimeoutMs,
    stallTimeoutMs: config.embeddedDbStallMs,
    onProgress: (line) => logger.info(line),
    onUnexpectedExit(error) {
      logger.fatal({ err: error }, 'the embedded database stopped: exiting so that a restart recovers it');
      process.exit(1);
    },
  });
}

/**
 * On a PostgreSQL server, the read models read new events at most this often (a group commit):
 * their batches, not the number of processes or how idle the owner is, set the statements per
 * booking. A read-your-writes wait (untilApplied) waits about this much longer; the saga, which
 * the bookings wait on, reads at once.
 */
const PROJECTION_READ_GAP_MS = 200;

/** Leased work made of several, started in order and stopped in reverse. */
function together(...works: LeasedWork[]): LeasedWork {
  return {
    async start() {
      for (const work of works) await work.start();
    },
    async stop() {
      for (const work of [...works].reverse()) await work.stop();
    },
  };
}

/** Builds every adapter the configuration asks for: the embedded default or the scaled shape. */
export async function createRuntime(config: Config, logger: Logger): Promise<Runtime> {
  const closers: Array<() => Promise<void>> = [];
  logger.info({ adapters: adapterChoices(config) }, 'adapters chosen');
  const sql = await openStorage(config, logger);
  closers.push(() => sql.close());
  const applied = await runMigrations(sql, migrations);
  if (applied.length > 0) logger.info({ migrations: applied }, 'applied migrations');
  logger.info({ storage: sql.kind, embedded: config.embedded }, 'storage ready');
  const eventStore = await openEventStore(config, sql);
  closers.push(() => eventStore.close());
  const jobs = await openJobQueue(config, sql, logger);
  closers.push(() => jobs.close());
  // Capabilities register their handlers here once their dependencies exist (see jobs/queues.ts).
  const jobHandlers = new JobHandlerRegistry();
  // The search's blind index is keyed by (a key derived from) the PII master key.
  const piiMasterKey = config.piiMasterKey ?? (await embeddedPiiMasterKey(config.dataDir));
  // Read models fed from the event store: capabilities add their projections to this list.
  const readModels: Projection[] = [
    bookingsProjection,
    cardPaymentsProjection,
    openPurchasesProjection,
    revenueProjection,
    webhookProjection,
    emailAlertProjection,
    accessLogProjection,
    bookingSearchKeysProjection(piiMasterKey),
    inboxProjection,
    scheduleChangesProjection,
    priceTrackingProjection,
  ];
  // Split by stream over PARTITIONS (one runner, saga and lease per partition) or whole (the default).
  const split = partitionsOf(config.partitions.count);
  const runners = split.map((partition) =>
    projectionRunner({
      sql,
      eventStore,
      projections: readModels,
      logger,
      ...(split.length > 1 && { partition }),
      // On a server, many processes' commits: the read models take them in a few batches a second.
      ...(sql.kind === 'postgres' && { minReadGapMs: PROJECTION_READ_GAP_MS }),
    }),
  );
  const projections = runners.length === 1 ? runners[0]! : splitRunner(runners);
  // One owner each across the deployment; a process without the projector role never follows them.
  const leases = leaseKeeper({
    sql,
    logger,
    ...(split.length > 1 && { most: config.partitions.perProcess }),
  });
  closers.push(() => leases.stop());

  const sessionSecret = config.sessionSecret ?? (await embeddedSessionSecret(config.dataDir));
  // A wrong key stops the start here, before any booking could fail on it.
  const wrappedKeys = await new SqlPiiKeyStore(sql, piiMasterKey).prepare().catch(async (error: unknown) => {
    for (const close of closers.reverse()) await close().catch(() => {});
    throw error;
  });
  if (wrappedKeys > 0) logger.info({ wrappedKeys }, 'wrapped the data keys stored before PII_MASTER_KEY');
  let rateLimitStore: AppDeps['rateLimitStore'];
  const readiness: ReadinessCheck[] = [projectionReadiness(projections)];
  if (config.redisUrl) {
    const [{ Redis }, { redisRateLimitStores }, { redisReadiness }] = await Promise.all([
      import('ioredis'),
      import('../accounts/rate-limit-redis.js'),
      import('../health/redis.js'),
    ]);
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 3 });
    // An unreachable Redis shows in /readyz and as 503s, not as unhandled error events.
    redis.on('error', () => {});
    closers.push(async () => void (await redis.quit().catch(() => redis.disconnect())));
    rateLimitStore = redisRateLimitStores(redis, `${config.redisPrefix}:ratelimit:`);
    readiness.push(redisReadiness(redis));
  }
  const selfUrl = new SelfUrl(config.host, config.port);
  const fullConfig = { ...config, sessionSecret, piiMasterKey };
  const services = sharedServices({ config: fullConfig, sql, eventStore, clock: systemClock });
  await bootstrapAdmin(services.accounts, config, logger);
  await new StaffService({ ...services, eventStore, sql, clock: systemClock, logger }).enrolFlaggedAdmins();
  if (config.embedded) await seedDemoBrands(new BrandStore(sql), logger);

  const isLive = async () => (await services.systemMode.current()) === 'live';
  const sandboxes = await sandboxesFor(fullConfig, { isLive, clock: systemClock, sql });
  const { flightsSpec, ...flights } = flightsFor(config, sandboxes.access);
  const searchPages = searchThreadPages({
    flights: flightsSpec,
    thread: searchThreadEntry(),
    // A page takes a provider search and a listing or two, each within the provider's read timeout.
    answerTimeoutMs: 4 * Math.min(config.duffelTimeoutMs, READ_TIMEOUT_MS),
    onFailure: (error) => logger.error({ err: error }, 'search thread failure'),
  });
  closers.push(() => searchPages.close());
  const adapters = {
    ...flights,
    searchPages,
    ...paymentsFor(config, sandboxes.access),
    ...(sandboxes.mounted && { sandboxes: sandboxes.mounted.routes }),
    selfUrl,
    config: fullConfig,
    clock: systemClock,
    logger,
    sql,
    eventStore,
    jobs,
    readiness,
    projections,
    ...(rateLimitStore && { rateLimitStore }),
  };
  // Built once: the job handlers and the HTTP routes share the same vault, verifications and accounts.
  const bookings = bookingDepsFrom({ ...adapters, ...services });
  if (bookings) registerBookingJobs(jobHandlers, bookings);
  const priceTracking =
    bookings && priceTrackingDepsFrom(bookings, fullConfig, () => config.publicUrl ?? selfUrl.get());
  if (priceTracking) registerPriceTrackingJobs(jobHandlers, priceTracking);
  const duffelSandbox = sandboxes.mounted?.duffel;
  if (bookings && duffelSandbox) connectSandboxWebhooks(duffelSandbox, bookings);
  jobHandlers.register(
    'deliver-webhooks',
    deliverWebhooksHandler({ sql, logger, timeoutMs: WEBHOOK_TIMEOUT_MS, allowPrivate: config.webhooksAllowPrivate }),
  );
  jobHandlers.register(
    'send-email-alerts',
    sendEmailAlertsHandler({
      sql,
      mailer: services.mailer,
      clock: systemClock,
      logger,
      baseUrl: () => config.publicUrl ?? selfUrl.get(),
    }),
  );
  const deps: AppDeps = {
    ...adapters,
    ...services,
    ...(bookings && { bookings }),
    ...(duffelSandbox && { sandboxAirlineChanges: duffelSandbox.airlineChanges }),
    ...(duffelSandbox && { sandboxRoutePrices: duffelSandbox.faults }),
  };
  const sagas = split.map((partition) =>
    sagaProcessor({ sql, eventStore, jobs, clock: systemClock, logger, ...(split.length > 1 && { partition }) }),
  );
  if (split.length === 1) {
    leases.add('projections', projections);
    leases.add('booking-saga', sagas[0]!);
  } else {
    // A partition's read models and saga share its lease: its owner reads its streams once for both.
    split.forEach((partition, index) =>
      leases.add(partitionedName('projector', partition), together(runners[index]!, sagas[index]!)),
    );
  }
  return {
    deps,
    jobHandlers,
    ...(sandboxes.mounted && { sandboxes: sandboxes.mounted }),
    async start(roles) {
      if (roles.has('projector')) await leases.start();
      // What an engine records before any projector runs is queued once one does.
      else for (const saga of sagas) await saga.prepare();
      if (!roles.has('worker')) return;
      await jobs.startWorkers(jobHandlers);
      await schedulePeriodicJobs(jobs, jobHandlers);
    },
    async close() {
      for (const close of closers.reverse()) {
        await close().catch((error: unknown) => logger.error({ err: error }, 'error while closing an adapter'));
      }
    },
  };
}
