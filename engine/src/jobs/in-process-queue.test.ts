import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../storage/sql.js';
import { countingSql } from '../test-support/counting-sql.js';
import { eventually } from '../test-support/eventually.js';
import { fastRetries } from '../test-support/jobs.js';
import { sqlBackends } from '../test-support/sql.js';
import { inProcessJobQueue } from './in-process-queue.js';
import { JobHandlerRegistry } from './job-queue.js';
import type { QueueName } from './queues.js';
import { scaled } from '@contrail/shared/test-support/time-scale';

/** A process's view of the database that can be cut off, as a network partition or a frozen VM would. */
function severableSql(inner: SqlClient) {
  let severed = false;
  const unreachable = () => Promise.reject(new Error('the database is unreachable'));
  const client: SqlClient = {
    kind: inner.kind,
    query: (text, params) => (severed ? unreachable() : inner.query(text, params)),
    transaction: (work) => (severed ? unreachable() : inner.transaction(work)),
    close: () => inner.close(),
  };
  return { ...client, sever: () => void (severed = true), restore: () => void (severed = false) };
}

describe.each(sqlBackends())('the in-process job queue on $name', { timeout: scaled(60_000) }, (backend) => {
  let sql: SqlClient;
  beforeAll(async () => {
    sql = await backend.open();
  });
  afterAll(async () => {
    await sql.close();
  });

  it('retakes the job of a worker cut off from the database once its lease runs out, and applies its effect once', async () => {
    const effects = new Set<string>();
    const runs: string[] = [];
    const effect = (jobId: string) => {
      runs.push(jobId);
      effects.add(jobId);
    };
    let releaseStuck!: () => void;
    const stuckForever = new Promise<void>((resolve) => (releaseStuck = resolve));

    const cutOff = severableSql(sql);
    const stuck = inProcessJobQueue({
      sql: cutOff,
      definitions: fastRetries,
      pollIntervalMs: 20,
      leaseMs: 300,
      concurrency: 1,
    });
    await stuck.startWorkers(
      new JobHandlerRegistry().register('create-order', async (_payload, context) => {
        effect(context.jobId);
        cutOff.sever();
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

    // The stuck worker finishing late, reconnected, changes nothing: its claim is no longer the current one.
    cutOff.restore();
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

  it('renews the lease of a job that runs longer than it, so no other process takes the job while it runs', async () => {
    const runs: string[] = [];
    const leaseEnds = () =>
      sql
        .query<{ locked_until: Date | string }>(
          "SELECT locked_until FROM job_queue WHERE job_id = 'long-job' AND state = 'active'",
        )
        .then(({ rows }) => rows.map((row) => new Date(row.locked_until).getTime()));
    // A lease long enough that a stalled event loop on a loaded machine does not let it lapse.
    const leaseMs = 2_000;
    const running = inProcessJobQueue({ sql, definitions: fastRetries, pollIntervalMs: 20, leaseMs });
    const watching = inProcessJobQueue({ sql, definitions: fastRetries, pollIntervalMs: 20, leaseMs });
    const handlers = new JobHandlerRegistry().register('create-order', async (_payload, context) => {
      runs.push(context.jobId);
      if (runs.length > 1) return;
      // Runs until its lease has been renewed past two leases from its start.
      const [firstEnd] = await leaseEnds();
      const renewed = await eventually(
        leaseEnds,
        ([end]) => end !== undefined && end > firstEnd! + 2 * leaseMs,
        30_000,
      );
      expect(renewed[0]).toBeGreaterThan(firstEnd! + 2 * leaseMs);
    });
    await running.startWorkers(handlers);
    await watching.startWorkers(handlers);
    await running.enqueue('create-order', { bookingId: 'bk_long' }, { jobId: 'long-job' });
    expect(await running.waitForJob('create-order', 'long-job', 30_000)).toBe('completed');
    await running.close();
    await watching.close();
    expect(runs).toEqual(['long-job']);
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
