/**
 * The workers process of the scaled shape: builds the engine's adapters from the environment
 * and runs a BullMQ worker for every queue that has a registered handler. Run any number of them.
 * SIGTERM/SIGINT: stop taking jobs, let running ones finish (bounded), close, exit.
 */
import { ConfigError, createLogger, createRuntime, loadConfig, type Config } from '@contrail/engine';
import { schedulePeriodicJobs } from '@contrail/engine/jobs/periodic';

function readConfig(): Config {
  try {
    const config = loadConfig();
    const missing = [!config.redisUrl && 'REDIS_URL', !config.databaseUrl && 'DATABASE_URL'].filter(Boolean);
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

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger({ level: config.logLevel, name: 'contrail-workers' });
  const runtime = await createRuntime(config, logger);
  const { jobs } = runtime.deps;
  await jobs.startWorkers(runtime.jobHandlers);
  await schedulePeriodicJobs(jobs, runtime.jobHandlers);
  logger.info({ queues: runtime.jobHandlers.queues() }, 'workers running');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: letting running jobs finish');
    const force = setTimeout(() => {
      logger.error('jobs did not finish in time: exiting (BullMQ gives their jobs to another worker)');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    await runtime.close();
    logger.info('shut down cleanly');
    process.exit(0);
  };
  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGINT', (signal) => void stop(signal));
}

main().catch((error: unknown) => {
  console.error('Contrail workers failed to start:', error);
  process.exit(1);
});
