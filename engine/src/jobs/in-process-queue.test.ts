import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../storage/sql.js';
import { countingSql } from '../test-support/counting-sql.js';
import { fastRetries } from '../test-support/jobs.js';
import { sqlBackends } from '../test-support/sql.js';
import { inProcessJobQueue } from './in-process-queue.js';
import { JobHandlerRegistry } from './job-queue.js';
import type { QueueName } from './queues.js';
import { scaled } from '@contrail/shared/test-support/time-scale';

describe.each(sqlBackends())('the in-process job queue on $name', { timeout: scaled(60_000) }, (backend) => {
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
    expect(await survivor.waitForJob('create-order', jobId, scaled(30_000))).toBe('completed');

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

  it('idle, looks for due jobs of every queue in one statement per poll, and runs what another process enqueued', async () => {
    const counted = countingSql(sql);
    const queue = inProcessJobQueue({ sql: counted, definitions: fastRetries, pollIntervalMs: 200 });
    const ran: string[] = [];
    const handlers = new JobHandlerRegistry();
    for (const name of Object.keys(fastRetries) as QueueName[]) {
      if (name !== 'send-confirmation') handlers.register(name, async () => {});
    }
    handlers.register('send-confirmation', async (payload) => void ran.push(payload.bookingId));
    await queue.startWorkers(handlers);
    await new Promise((resolve) => setTimeout(resolve, 300));
    counted.reset();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const idle = [...counted.log];
    // About five polls in a second, whatever the number of queues (nine here).
    expect(idle.length).toBeGreaterThanOrEqual(1);
    expect(idle.length).toBeLessThanOrEqual(8);
    expect(idle.every((text) => text.startsWith('SELECT DISTINCT queue FROM job_queue'))).toBe(true);

    // Another process's enqueue wakes nothing here: the poll finds it.
    const elsewhere = inProcessJobQueue({ sql, definitions: fastRetries });
    await elsewhere.enqueue('send-confirmation', { bookingId: 'bk_elsewhere' }, { jobId: 'from-elsewhere' });
    expect(await queue.waitForJob('send-confirmation', 'from-elsewhere', scaled(10_000))).toBe('completed');
    expect(ran).toEqual(['bk_elsewhere']);
    await queue.close();
    await elsewhere.close();
  });
});
