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

/** What scripts/run-engine.mjs (`npm start`) sends when it is signalled; see there. */
interface StopRequest {
  type: 'stop';
  signal: NodeJS.Signals;
}

function isStopRequest(message: unknown): message is StopRequest {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === 'stop';
}

/**
 * On SIGTERM or SIGINT: runs `stop` (drain requests, close adapters), then exits 0; exits 1 when
 * `stop` fails or has not finished within the timeout, and at once on a second signal. Logs are
 * flushed for at most a moment: a stdout nobody reads (a closed or full pipe) never holds the process.
 * Run by `npm start` (an IPC channel to scripts/run-engine.mjs): its requests to stop start the same
 * shutdown but never count as a signal, as a terminal's Ctrl+C reaches both processes.
 */
export function exitOnSignals(stop: () => Promise<void>, options: ShutdownOptions): void {
  const { logger, timeoutMs } = options;
  let stopping = false;
  let signals = 0;
  let deadlineAt = 0;
  const exit = async (code: number) => {
    await stdoutDestination().flush(Math.max(0, Math.min(500, deadlineAt - Date.now())));
    process.exit(code);
  };
  const shutDown = (cause: { signal: NodeJS.Signals; from?: string }) => {
    if (stopping) return;
    stopping = true;
    deadlineAt = Date.now() + timeoutMs;
    quietly(() => logger.info({ ...cause, timeoutMs }, 'shutting down: draining in-flight work'));
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
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) process.exit(1);
    else shutDown({ signal });
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  if (process.send) {
    process.on('message', (message) => {
      if (isStopRequest(message)) shutDown({ signal: message.signal, from: 'npm start' });
    });
    process.send({ type: 'handling-signals' });
  }
  // A console write to a closed stdout or stderr must not crash the process either.
  process.stdout.on('error', () => {});
  process.stderr.on('error', () => {});
}
