import { describe, expect, it } from 'vitest';
import { startEngine, startProcess, ENTRY_POINTS } from './test-support/processes.js';
import { stalledBodyAnswer } from './test-support/slow-request.js';
import { migratedDataDir } from './test-support/sql-templates.js';
import { scaled } from '@contrail/shared/test-support/time-scale';

describe('the engine process', () => {
  it('refuses to start with a bad variable and names it', async () => {
    const engine = startProcess('engine', ENTRY_POINTS.engine, { env: { NODE_ENV: 'test', PORT: 'eighty' } });
    expect((await engine.ended).code).toBe(1);
    expect(engine.output()).toContain('PORT');
  });

  it(
    'serves /healthz, then shuts down cleanly on SIGTERM',
    async () => {
      const engine = await startEngine({
        env: { NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: await migratedDataDir('main') },
      });
      const health = await fetch(`${engine.url}/healthz`);
      expect(await health.json()).toEqual({ status: 'ok' });
      expect((await engine.stop()).code).toBe(0);
      expect(engine.output()).toContain('shut down cleanly');
    },
    scaled(90_000),
  );

  it(
    'answers 408 and closes the connection of a request whose body stops arriving (REQUEST_TIMEOUT_MS)',
    async () => {
      const engine = await startEngine({
        env: { NODE_ENV: 'test', REQUEST_TIMEOUT_MS: '1000', DATA_DIR: await migratedDataDir('main') },
        startTimeoutMs: 120_000,
      });
      try {
        // Generous: the 1 s timeout plus the server's check interval, on a loaded machine.
        const answer = await stalledBodyAnswer(`${engine.url}/api/auth/login`, scaled(30_000));
        expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      } finally {
        await engine.stop();
      }
    },
    scaled(180_000),
  );
});
