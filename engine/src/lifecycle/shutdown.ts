import type { Logger } from '../logging/logger.js';
import { stdoutDestination } from '../logging/destination.js';

export interface ShutdownOptions {
  /** SHUTDOWN_TIMEOUT_MS: the process is gone by then, whatever `stop` is waiting for. */
  timeoutMs: number;
  logger: Logger;
}

/** Logging must never stand between a signal and the exit. */
function quietly(log: () => void): void {
  try {
    log();
  } catch {
    // The log is unwritable (closed or stuck stdout): carry on shutting down.
  }
}

/**
 * On SIGTERM or SIGINT: runs `stop` (drain requests, close adapters), then exits 0; exits 1 when
 * `stop` fails or has not finished within the timeout, and at once on a second signal. Logs are
 * flushed for at most a moment: a stdout nobody reads (a closed or full pipe) never holds the process.
 */
export function exitOnSignals(stop: () => Promise<void>, options: ShutdownOptions): void {
  const { logger, timeoutMs } = options;
  let stopping = false;
  let deadlineAt = 0;
  const exit = async (code: number) => {
    await stdoutDestination().flush(Math.max(0, Math.min(500, deadlineAt - Date.now())));
    process.exit(code);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      process.exit(1);
      return;
    }
    stopping = true;
    deadlineAt = Date.now() + timeoutMs;
    quietly(() => logger.info({ signal, timeoutMs }, 'shutting down: draining in-flight work'));
    const deadline = setTimeout(() => {
      quietly(() => logger.error({ timeoutMs }, 'shutdown timed out: exiting now'));
      process.exit(1);
    }, timeoutMs);
    stop().then(
      () => {
        clearTimeout(deadline);
        quietly(() => logger.info('shut down cleanly'));
        void exit(0);
      },
      (error: unknown) => {
        clearTimeout(deadline);
        quietly(() => logger.error({ err: error }, 'shutdown failed'));
        void exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  // A console write to a closed stdout or stderr must not crash the process either.
  process.stdout.on('error', () => {});
  process.stderr.on('error', () => {});
}
