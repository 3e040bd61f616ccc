/**
 * The workers process of the scaled shape: builds the engine's adapters from the environment and
 * holds the roles ROLES names (default `worker,projector`): `worker` runs a BullMQ worker for every
 * queue that has a registered handler; `projector` stands for the leases of the read models and of
 * the saga processor that queues the bookings' next steps (engine/src/leases). Run any number.
 * - Redis or the database unreachable: back off (one log line per attempt, growing delay) and
 *   exit non-zero once it lasted WORKER_GIVE_UP_MS, so that a supervisor sees it.
 * - SIGTERM/SIGINT: stop taking jobs, let running ones finish, close, exit; whatever happens, exit
 *   within SHUTDOWN_TIMEOUT_MS, also when stdout is gone (a closed pipe must not keep it alive).
 */
import {
  ConfigError,
  createLogger,
  exitOnSignals,
  createRuntime,
  loadConfig,
  processRoles,
  type Config,
  type Logger,
  type Role,
  type Runtime,
} from '@contrail/engine';
import { retry } from '@contrail/shared/time/retry';
import { watchDependencies } from './dependency-watch.js';

function readConfig(): { config: Config; roles: Set<Role> } {
  try {
    const config = loadConfig();
    const roles = processRoles('workers', { configured: config.roles, embedded: false, inProcessJobs: false });
    if (typeof roles === 'string') throw new ConfigError([roles]);
    // Sandboxes mounted on an engine are out of a worker's reach: it calls the sandboxes process.
    const needsSandboxes = (!config.duffel || !config.stripe) && !config.sandboxes.url;
    const missing = [
      !config.redisUrl && 'REDIS_URL',
      !config.databaseUrl && 'DATABASE_URL',
      needsSandboxes && 'SANDBOX_URL (or DUFFEL_ACCESS_TOKEN and STRIPE_SECRET_KEY)',
    ].filter(Boolean);
    if (missing.length > 0) {
      console.error(
        `The workers process needs ${missing.join(' and ')}: without them, run the engine alone (jobs run in-process).`,
      );
      process.exit(1);
    }
    return { config, roles };
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** The runtime, once the database answers: tried with a growing delay until WORKER_GIVE_UP_MS. */
async function runtimeWhenReachable(config: Config, logger: Logger): Promise<Runtime> {
  const deadline = Date.now() + config.workerGiveUpMs;
  return retry(() => createRuntime(config, logger), {
    firstMs: 500,
    maxMs: 30_000,
    retryIf: ({ retryInMs }) => Date.now() + retryInMs <= deadline,
    onRetry: ({ attempt, retryInMs, error }) =>
      logger.warn({ attempt, retryInMs, err: error }, 'the database is unreachable; retrying'),
  });
}

async function main(): Promise<void> {
  const { config, roles } = readConfig();
  const logger = createLogger({ level: config.logLevel, name: 'contrail-workers' });
  let runtime: Runtime | undefined;
  // Running jobs finish (BullMQ's close waits for them), then the log is flushed before the exit.
  const giveUp = exitOnSignals(async () => await runtime?.close(), {
    timeoutMs: config.shutdownTimeoutMs,
    logger,
  });

  try {
    runtime = await runtimeWhenReachable(config, logger);
  } catch (error) {
    logger.fatal({ err: error }, `the database stayed unreachable for ${config.workerGiveUpMs} ms: giving up`);
    giveUp('database unreachable');
    return;
  }
  watchDependencies(runtime, config.workerGiveUpMs, logger, (reason) => {
    logger.fatal(reason);
    giveUp('dependency unreachable');
  });
  await runtime.start(roles);
  const queues = roles.has('worker') ? runtime.jobHandlers.queues() : [];
  logger.info({ roles: [...roles], queues }, 'workers running');
}

main().catch((error: unknown) => {
  console.error('Contrail workers failed to start:', error);
  process.exit(1);
});
