import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, serviceUrl } from '@contrail/engine/testing';

const here = path.dirname(fileURLToPath(import.meta.url));
const repositoryRoot = path.resolve(here, '../..');
const databaseUrl = serviceUrl('DATABASE_URL');
const redisUrl = serviceUrl('REDIS_URL');

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', path.join(here, 'main.ts')], {
    cwd: repositoryRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      // Workers reach the sandboxes process (here an address nothing listens on: no job runs).
      SANDBOX_URL: 'http://127.0.0.1:9',
      SANDBOX_SECRET: 'a-sandbox-secret-of-at-least-32-characters',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const printed = async (pattern: RegExp, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(output)) {
      if (Date.now() > deadline) throw new Error(`no ${pattern} in: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return { child, exited, printed, output: () => output };
}

// Each test starts a process with tsx: slow on a busy machine.
describe('the workers process', { timeout: 60_000 }, () => {
  it('refuses to start without REDIS_URL and DATABASE_URL', async () => {
    const worker = run({});
    expect(await worker.exited).toBe(1);
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
      const worker = run(environment());
      try {
        await worker.printed(/workers running/);
        worker.child.kill('SIGTERM');
        expect(await worker.exited).toBe(0);
        expect(worker.output()).toContain('shut down cleanly');
      } finally {
        worker.child.kill('SIGKILL');
      }
    });

    it('exits within SHUTDOWN_TIMEOUT_MS on SIGTERM once its stdout is gone', async () => {
      const worker = run(environment({ SHUTDOWN_TIMEOUT_MS: '3000' }));
      try {
        await worker.printed(/workers running/);
        worker.child.stdout.destroy();
        worker.child.stderr.destroy();
        const signalled = Date.now();
        worker.child.kill('SIGTERM');
        expect(await worker.exited).toBe(0);
        expect(Date.now() - signalled).toBeLessThan(3_000);
      } finally {
        worker.child.kill('SIGKILL');
      }
    });

    it('backs off while Redis is unreachable, one line per attempt, and gives up with a non-zero exit', async () => {
      const worker = run(
        environment({ REDIS_URL: 'redis://127.0.0.1:1', WORKER_GIVE_UP_MS: '2500', SHUTDOWN_TIMEOUT_MS: '1000' }),
      );
      try {
        expect(await worker.exited).toBe(1);
        const attempts = worker.output().match(/Redis is unreachable; reconnecting/g) ?? [];
        expect(attempts.length).toBeGreaterThan(0);
        expect(attempts.length).toBeLessThanOrEqual(5);
        expect(worker.output()).toContain('Redis stayed unreachable for 2500 ms: giving up');
      } finally {
        worker.child.kill('SIGKILL');
      }
    });
  });
});
