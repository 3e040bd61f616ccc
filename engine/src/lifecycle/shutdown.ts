import type { Logger } from '../logging/logger.js';
import { stdoutDestination } from '../logging/destination.js';

export interface ShutdownOptions {
  /** SHUTDOWN_TIMEOUT_MS: the process is gone by then, whatever `stop` is waiting for. */
  timeoutMs: number;
  logger: Logger;
}

/**
 * One Ctrl+C often arrives more than once within milliseconds: from the terminal and again from a
 * parent passing it on (node --watch under `npm run dev`, npm). Only a later signal is a second one.
 */
const SAME_SIGNAL_WINDOW_MS = 1_000;

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
 * `stop` fails or has not finished within the timeout, and at once on a second signal (a second
 * Ctrl+C, not the same one passed on by a parent). Logs are
 * flushed for at most a moment: a stdout nobody reads (a closed or full pipe) never holds the process.
 * Run by `npm start` (an IPC channel to scripts/run-engine.mjs): its requests to stop start the same
 * shutdown but never count as a signal, as a terminal's Ctrl+C reaches both processes.
 * Returns `giveUp(reason)`: the same shutdown for a process that cannot go on, ending in exit 1.
 */
export function exitOnSignals(stop: () => Promise<void>, options: ShutdownOptions): (reason: string) => void {
  const { logger, timeoutMs } = options;
  let stopping = false;
  let firstSignalAt: number | undefined;
  let deadlineAt = 0;
  const exit = async (code: number) => {
    await stdoutDestination().flush(Math.max(0, Math.min(500, deadlineAt - Date.now())));
    process.exit(code);
  };
  const shutDown = (cause: Record<string, string>, code = 0) => {
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
        void exit(code);
      },
      (error: unknown) => {
        clearTimeout(deadline);
        quietly(() => logger.error({ err: error }, 'shutdown failed'));
        void exit(1);
      },
    );
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (firstSignalAt === undefined) {
      firstSignalAt = Date.now();
      shutDown({ signal });
    } else if (Date.now() - firstSignalAt >= SAME_SIGNAL_WINDOW_MS) process.exit(1);
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
  return (reason) => shutDown({ reason }, 1);
}
