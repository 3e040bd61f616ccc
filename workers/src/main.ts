/**
 * The workers process of the scaled shape: builds the engine's adapters from the environment,
 * runs a BullMQ worker for every queue that has a registered handler and the saga processor that
 * queues the bookings' next steps. Run any number of them.
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
  schedulePeriodicJobs,
  type Config,
  type Logger,
  type Runtime,
} from '@contrail/engine';
import { watchDependencies } from './dependency-watch.js';

function readConfig(): Config {
  try {
    const config = loadConfig();
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
    return config;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The runtime, once the database answers: tried with a growing delay until WORKER_GIVE_UP_MS. */
async function runtimeWhenReachable(config: Config, logger: Logger): Promise<Runtime> {
  const deadline = Date.now() + config.workerGiveUpMs;
  for (let attempt = 1, pause = 500; ; attempt += 1, pause = Math.min(pause * 2, 30_000)) {
    try {
      return await createRuntime(config, logger);
    } catch (error) {
      if (Date.now() + pause > deadline) throw error;
      logger.warn({ attempt, retryInMs: pause, err: error }, 'the database is unreachable; retrying');
      await sleep(pause);
    }
  }
}

async function main(): Promise<void> {
  const config = readConfig();
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
  const { jobs } = runtime.deps;
  await jobs.startWorkers(runtime.jobHandlers);
  await schedulePeriodicJobs(jobs, runtime.jobHandlers);
  await runtime.saga.start();
  logger.info({ queues: runtime.jobHandlers.queues() }, 'workers running');
}

main().catch((error: unknown) => {
  console.error('Contrail workers failed to start:', error);
  process.exit(1);
});
