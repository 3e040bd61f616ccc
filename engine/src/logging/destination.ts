import sonicBoom, { type SonicBoom as SonicBoomClass } from 'sonic-boom';

// CommonJS: the default import is the class itself, whatever the package's types say.
const SonicBoom = sonicBoom as unknown as typeof SonicBoomClass;

/** Logs waiting for a slow reader beyond this are dropped rather than held in memory. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

export interface LogDestination {
  write(line: string): boolean;
  /** Resolves once what is buffered is written, or after `timeoutMs`, whichever comes first. */
  flush(timeoutMs: number): Promise<void>;
}

let stdout: LogDestination | undefined;

/**
 * The process's stdout for logs, written asynchronously: a reader that stops reading (a full
 * pipe) or goes away (EPIPE) never blocks the event loop, so signals are still handled and the
 * process can always shut down. pino's own destination writes synchronously and flushes
 * synchronously at exit, which is what let a stuck pipe hold an engine through SIGTERM.
 */
export function stdoutDestination(): LogDestination {
  if (!stdout) {
    const capture = process.env[LOG_CAPTURE_VARIABLE];
    stdout = capture
      ? tee(asyncDestination({ fd: 1 }), asyncDestination({ dest: capture, append: true }))
      : asyncDestination({ fd: 1 });
  }
  return stdout;
}

/**
 * Tests only: every process of a test run also appends its logs to this file, which the run's
 * global teardown scans for leaked card numbers and emails (test-support/log-capture.global.ts).
 */
export const LOG_CAPTURE_VARIABLE = 'CONTRAIL_LOG_CAPTURE';

function tee(first: LogDestination, second: LogDestination): LogDestination {
  return {
    write: (line) => second.write(line) && first.write(line),
    flush: async (timeoutMs) => void (await Promise.all([first.flush(timeoutMs), second.flush(timeoutMs)])),
  };
}

function asyncDestination(target: { fd: number } | { dest: string; append: true }): LogDestination {
  // minLength 1 writes each line at once, and makes flush(cb) wait for the write to finish.
  const stream = new SonicBoom({ ...target, sync: false, minLength: 1, maxLength: MAX_BUFFERED_BYTES });
  let broken = false;
  // Nothing to tell when the log itself cannot be written: stop writing instead of crashing.
  stream.on('error', () => {
    broken = true;
  });
  return {
    write: (line) => (broken ? true : stream.write(line)),
    flush: (timeoutMs) =>
      new Promise<void>((resolve) => {
        if (broken) return resolve();
        const timer = setTimeout(resolve, timeoutMs);
        stream.flush(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
  };
}
