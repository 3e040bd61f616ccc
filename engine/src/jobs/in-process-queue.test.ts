import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../storage/sql.js';
import { fastRetries } from '../test-support/jobs.js';
import { sqlBackends } from '../test-support/sql.js';
import { inProcessJobQueue } from './in-process-queue.js';
import { JobHandlerRegistry } from './job-queue.js';

describe.each(sqlBackends())('the in-process job queue on $name', { timeout: 60_000 }, (backend) => {
  let sql: SqlClient;
  beforeAll(async () => {
    sql = await backend.open();
  });
  afterAll(async () => {
    await sql.close();
  });

  it('retakes the job of a worker that stopped answering once its lease runs out, and applies its effect once', async () => {
    const effects = new Set<string>();
    const runs: string[] = [];
    const effect = (jobId: string) => {
      runs.push(jobId);
      effects.add(jobId);
    };
    let releaseStuck!: () => void;
    const stuckForever = new Promise<void>((resolve) => (releaseStuck = resolve));

    const stuck = inProcessJobQueue({
      sql,
      definitions: fastRetries,
      pollIntervalMs: 20,
      leaseMs: 300,
      concurrency: 1,
    });
    await stuck.startWorkers(
      new JobHandlerRegistry().register('create-order', async (_payload, context) => {
        effect(context.jobId);
        await stuckForever;
      }),
    );
    const { jobId } = await stuck.enqueue('create-order', { bookingId: 'bk_lease' }, { jobId: 'lease-test' });
    while (runs.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));

    const survivor = inProcessJobQueue({ sql, definitions: fastRetries, pollIntervalMs: 20, leaseMs: 300 });
    await survivor.startWorkers(
      new JobHandlerRegistry().register('create-order', async (_payload, context) => effect(context.jobId)),
    );
    expect(await survivor.waitForJob('create-order', jobId, 30_000)).toBe('completed');

    // The stuck worker finishing late changes nothing: its claim is no longer the current one.
    releaseStuck();
    await stuck.close();
    await survivor.close();
    expect(runs).toEqual([jobId, jobId]);
    expect(effects.size).toBe(1);
    const { rows } = await sql.query<{ state: string; attempts_made: number }>(
      'SELECT state, attempts_made FROM job_queue WHERE job_id = $1',
      [jobId],
    );
    expect(rows[0]).toEqual({ state: 'completed', attempts_made: 2 });
  });
});
