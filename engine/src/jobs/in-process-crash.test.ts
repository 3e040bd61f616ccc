import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { openPgliteWorker } from '../storage/pglite-worker.js';
import { fastRetries } from '../test-support/jobs.js';
import { startEngine, startProcess } from '../test-support/processes.js';
import { migratedDataDir } from '../test-support/sql-templates.js';
import { inProcessJobQueue } from './in-process-queue.js';
import { JobHandlerRegistry } from './job-queue.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Issue 39: the embedded engine killed mid-job left its job leased for 10 minutes after a restart. */
describe('the embedded job queue after its process was killed mid-job', { timeout: scaled(120_000) }, () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await migratedDataDir('in-process-crash');
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('runs the dead run’s job again as soon as the restarted process starts its workers', async () => {
    const killed = startProcess('in-process worker', path.join(here, '../test-support/crashing-in-process-worker.ts'), {
      env: {},
      args: [dataDir],
    });
    await killed.waitFor(/running killed-mid-job/, 60_000);
    await killed.kill();

    const sql = await openPgliteWorker({ dataDir: path.join(dataDir, 'pglite'), onUnexpectedExit: () => {} });
    const restarted = inProcessJobQueue({
      sql,
      definitions: fastRetries,
      pollIntervalMs: 20,
      leaseMs: 10 * 60_000,
      freeLeasesAtStart: true,
    });
    const runs: number[] = [];
    try {
      await restarted.startWorkers(
        new JobHandlerRegistry().register('create-order', async (_payload, context) => void runs.push(context.attempt)),
      );
      // Well within the dead run's 10-minute lease.
      expect(await restarted.waitForJob('create-order', 'killed-mid-job', 30_000)).toBe('completed');
      expect(runs).toEqual([2]);
    } finally {
      await restarted.close();
      await sql.close();
    }
  });

  it('is freed by the embedded engine itself as it starts', async () => {
    const openDatabase = () => openPgliteWorker({ dataDir: path.join(dataDir, 'pglite'), onUnexpectedExit: () => {} });
    const before = await openDatabase();
    await before.query(
      `INSERT INTO job_queue (queue, job_id, payload, state, attempts_made, max_attempts, run_at, locked_until, locked_by)
       VALUES ('complete-trips', 'left-by-a-dead-run', '{}', 'active', 1, 3, now(), now() + interval '10 minutes', 'a-dead-run')`,
    );
    await before.close();

    const engine = await startEngine({ env: { NODE_ENV: 'test', DATA_DIR: dataDir } });
    await engine.stop();
    expect(engine.output()).toMatch(/"jobs":1,"msg":"freed the jobs a previous run was running"/);

    const after = await openDatabase();
    try {
      const { rows } = await after.query<{ locked_by: string | null }>(
        "SELECT locked_by FROM job_queue WHERE job_id = 'left-by-a-dead-run'",
      );
      expect(rows).toEqual([{ locked_by: null }]);
    } finally {
      await after.close();
    }
  });
});
