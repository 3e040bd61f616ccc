import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_POINTS, openPostgres, serviceUrl, startProcess } from '@contrail/engine/testing';
import { scaled } from '@contrail/shared/test-support/time-scale';

const databaseUrl = serviceUrl('DATABASE_URL');
const redisUrl = serviceUrl('REDIS_URL');

/** The workers process (its own process group, killed whole by `kill()`). */
function run(env: Record<string, string>) {
  return startProcess('workers', ENTRY_POINTS.workers, {
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      // Workers reach the sandboxes process (here an address nothing listens on: no job runs).
      SANDBOX_URL: 'http://127.0.0.1:9',
      SANDBOX_SECRET: 'a-sandbox-secret-of-at-least-32-characters',
      ...env,
    },
  });
}

// Each test starts a process with tsx: slow on a busy machine.
describe('the workers process', { timeout: scaled(60_000) }, () => {
  it('refuses to start without REDIS_URL and DATABASE_URL', async () => {
    const worker = run({});
    expect((await worker.ended).code).toBe(1);
    expect(worker.output()).toContain('The workers process needs REDIS_URL and DATABASE_URL');
  });

  describe.runIf(databaseUrl && redisUrl)('with PostgreSQL and Redis', () => {
    const schema = `workers_${randomBytes(5).toString('hex')}`;
    const admin = openPostgres({ url: databaseUrl ?? '', maxConnections: 1 });
    beforeAll(async () => {
      await admin.query(`CREATE SCHEMA ${schema}`);
    });
    afterAll(async () => {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    });

    const environment = (extra: Record<string, string> = {}) => ({
      DATABASE_URL: `${databaseUrl}?options=-c%20search_path%3D${schema}`,
      // A Redis database of its own keeps its workers away from other runs' queues.
      REDIS_URL: `${redisUrl}/${1 + Math.floor(Math.random() * 15)}`,
      SESSION_SECRET: randomBytes(24).toString('hex'),
      PII_MASTER_KEY: randomBytes(32).toString('hex'),
      ...extra,
    });

    it('starts its workers and shuts down cleanly on SIGTERM', async () => {
      // Its shutdown waits for its connections to close: longer on a busy machine.
      const worker = run(environment({ SHUTDOWN_TIMEOUT_MS: String(scaled(10_000)) }));
      try {
        await worker.waitFor(/workers running/);
        worker.child.kill('SIGTERM');
        expect((await worker.ended).code).toBe(0);
        expect(worker.output()).toContain('shut down cleanly');
      } finally {
        await worker.kill();
      }
    });

    it('exits within SHUTDOWN_TIMEOUT_MS on SIGTERM once its stdout is gone', async () => {
      const shutdownTimeoutMs = scaled(3_000);
      const worker = run(environment({ SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs) }));
      try {
        await worker.waitFor(/workers running/);
        worker.child.stdout!.destroy();
        worker.child.stderr!.destroy();
        const signalled = Date.now();
        worker.child.kill('SIGTERM');
        expect((await worker.exited).code).toBe(0);
        expect(Date.now() - signalled).toBeLessThan(shutdownTimeoutMs);
      } finally {
        await worker.kill();
      }
    });

    it('backs off while Redis is unreachable, one line per attempt, and gives up with a non-zero exit', async () => {
      const worker = run(
        environment({ REDIS_URL: 'redis://127.0.0.1:1', WORKER_GIVE_UP_MS: '2500', SHUTDOWN_TIMEOUT_MS: '1000' }),
      );
      try {
        expect((await worker.ended).code).toBe(1);
        const attempts = worker.output().match(/Redis is unreachable; reconnecting/g) ?? [];
        expect(attempts.length).toBeGreaterThan(0);
        expect(attempts.length).toBeLessThanOrEqual(5);
        expect(worker.output()).toContain('Redis stayed unreachable for 2500 ms: giving up');
      } finally {
        await worker.kill();
      }
    });
  });
});
