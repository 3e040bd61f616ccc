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
  createRuntime,
  loadConfig,
  schedulePeriodicJobs,
  type Config,
  type Logger,
  type Runtime,
} from '@contrail/engine';
import { retry } from '@contrail/shared/time/retry';
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

/** Writes to a closed stdout or stderr fail with EPIPE: never fatal, never a reason to hang. */
function tolerateClosedOutput(): void {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
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

function exit(code: number): never {
  process.exit(code);
}

async function main(): Promise<void> {
  tolerateClosedOutput();
  const config = readConfig();
  const logger = createLogger({ level: config.logLevel, name: 'contrail-workers' });
  let runtime: Runtime | undefined;
  let stopping = false;
  const stop = async (signal: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    // Set first: nothing below (a hung close, a logger on a dead pipe) may keep the process from exiting.
    setTimeout(() => exit(code || 1), config.shutdownTimeoutMs);
    try {
      logger.info({ signal }, 'shutting down: letting running jobs finish');
      await runtime?.close();
      logger.info('shut down cleanly');
    } catch {
      // Exiting regardless.
    }
    exit(code);
  };
  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGINT', (signal) => void stop(signal));

  try {
    runtime = await runtimeWhenReachable(config, logger);
  } catch (error) {
    logger.fatal({ err: error }, `the database stayed unreachable for ${config.workerGiveUpMs} ms: giving up`);
    exit(1);
  }
  watchDependencies(runtime, config.workerGiveUpMs, logger, (reason) => {
    logger.fatal(reason);
    void stop('give-up', 1);
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
