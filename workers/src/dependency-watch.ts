import type { Logger, Runtime } from '@contrail/engine';

const FIRST_CHECK_MS = 1_000;
const MAX_CHECK_MS = 30_000;
const QUERY_TIMEOUT_MS = 5_000;

/**
 * Watches the worker's two dependencies. Redis reports its own outage (the queue reconnects with a
 * growing delay and logs each attempt); the database is asked `SELECT 1` now and then, more rarely
 * while it fails (one log line per failed try). Either one down for `giveUpMs` calls `giveUp`.
 */
export function watchDependencies(
  runtime: Runtime,
  giveUpMs: number,
  logger: Logger,
  giveUp: (reason: string) => void,
): () => void {
  let databaseDownSince: number | undefined;
  let attempts = 0;
  let timer: NodeJS.Timeout | undefined;

  async function databaseAnswers(): Promise<boolean> {
    let timeout: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        runtime.deps.sql.query('SELECT 1'),
        new Promise((_resolve, reject) => {
          timeout = setTimeout(() => reject(new Error('no answer')), QUERY_TIMEOUT_MS);
        }),
      ]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timeout);
    }
  }

  async function check(): Promise<void> {
    const now = Date.now();
    const redis = runtime.deps.jobs.outage();
    if (redis && now - redis.since >= giveUpMs) return giveUp(`Redis stayed unreachable for ${giveUpMs} ms: giving up`);
    let next = FIRST_CHECK_MS;
    if (await databaseAnswers()) {
      if (databaseDownSince !== undefined) logger.info({ attempts }, 'the database is reachable again');
      databaseDownSince = undefined;
      attempts = 0;
    } else {
      databaseDownSince ??= now;
      attempts += 1;
      next = Math.min(FIRST_CHECK_MS * 2 ** attempts, MAX_CHECK_MS);
      if (now - databaseDownSince >= giveUpMs)
        return giveUp(`the database stayed unreachable for ${giveUpMs} ms: giving up`);
      logger.warn({ attempt: attempts, retryInMs: next }, 'the database is unreachable');
    }
    timer = setTimeout(() => void check(), next);
    timer.unref();
  }

  timer = setTimeout(() => void check(), FIRST_CHECK_MS);
  timer.unref();
  return () => clearTimeout(timer);
}
