/** A call that did not finish in the time it was given; what it was doing may still complete. */
export class DeadlineExceeded extends Error {
  constructor(
    readonly what: string,
    readonly timeoutMs: number,
  ) {
    super(`${what} did not finish within ${timeoutMs} ms`);
    this.name = 'DeadlineExceeded';
  }
}

/**
 * Waits for `work` at most `timeoutMs`. For clients that take no timeout or signal of their own:
 * the caller stops waiting (and must treat the outcome as unknown), the call itself runs on.
 */
export function withDeadline<T>(work: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded(what, timeoutMs)), timeoutMs);
    timer.unref?.();
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'EPIPE', '57P01']);

/** True for an error that says a dependency cannot be reached now (connection refused, reset, timed out). */
export function isUnreachable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (current instanceof DeadlineExceeded) return true;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNREACHABLE.has(code)) return true;
    if (
      typeof message === 'string' &&
      /Connection terminated|connection timeout|timeout exceeded when trying to connect|Connection is closed/i.test(
        message,
      )
    )
      return true;
    const nested = current as { cause?: unknown; errors?: unknown[] };
    current = nested.cause ?? nested.errors?.[0];
  }
  return false;
}
