import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JobHandlerRegistry, PermanentJobError, type JobContext, type JobQueue } from '../jobs/job-queue.js';
import type { JobQueueBackend } from './jobs.js';
import { scaled } from '@contrail/shared/test-support/time-scale';

async function until(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + scaled(timeoutMs);
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(10);
  }
}

/** The behaviour both job-queue adapters must show. */
export function jobQueueConformance(backend: JobQueueBackend): void {
  describe(`job queue conformance on ${backend.name}`, { timeout: scaled(60_000) }, () => {
    let storage: Awaited<ReturnType<JobQueueBackend['open']>>;
    let queue: JobQueue;
    let handlers: JobHandlerRegistry;
    beforeAll(async () => {
      storage = await backend.open();
    });
    afterAll(async () => {
      await storage.close();
    });
    beforeEach(() => {
      queue = storage.queue();
      handlers = new JobHandlerRegistry();
    });
    afterEach(async () => {
      await queue.close();
    });

    it('runs a job with its parsed payload and context', async () => {
      const runs: Array<{ payload: unknown; context: JobContext }> = [];
      handlers.register('send-confirmation', async (payload, context) => void runs.push({ payload, context }));
      await queue.startWorkers(handlers);
      const { jobId } = await queue.enqueue('send-confirmation', { bookingId: 'bk_1' });
      expect(await queue.waitForJob('send-confirmation', jobId, scaled(15_000))).toBe('completed');
      expect(runs).toEqual([
        {
          payload: { bookingId: 'bk_1', kind: 'confirmed' },
          context: { queue: 'send-confirmation', jobId, attempt: 1, maxAttempts: 3, firstTry: true },
        },
      ]);
    });

    it('adds a job id once, even after the job completed', async () => {
      let runs = 0;
      handlers.register('create-order', async () => void (runs += 1));
      await queue.startWorkers(handlers);
      const jobId = `create-order-${randomUUID()}`;
      await Promise.all([
        queue.enqueue('create-order', { bookingId: 'bk_2' }, { jobId }),
        queue.enqueue('create-order', { bookingId: 'bk_2' }, { jobId }),
      ]);
      await queue.waitForJob('create-order', jobId, scaled(15_000));
      await queue.enqueue('create-order', { bookingId: 'bk_2' }, { jobId });
      await sleep(150);
      expect(runs).toBe(1);
    });

    it('refuses a bad payload or job id at enqueue, naming the problem', async () => {
      await expect(queue.enqueue('create-order', { bookingId: '' })).rejects.toThrow(/bookingId/);
      await expect(queue.enqueue('create-order', { bookingId: 'bk' }, { jobId: 'a:b' })).rejects.toThrow(
        /Invalid job id/,
      );
      await expect(queue.enqueue('create-order', { bookingId: 'bk' }, { jobId: '123' })).rejects.toThrow(
        /Invalid job id/,
      );
    });

    it('retries a failing job and fails it for good after its attempts, keeping it listable', async () => {
      const attempts: number[] = [];
      handlers.register('recheck-offer', async (payload, context) => {
        attempts.push(context.attempt);
        if (payload.bookingId === 'flaky' && context.attempt < 3) throw new Error('provider timeout');
        if (payload.bookingId === 'broken') throw new Error('still broken');
      });
      await queue.startWorkers(handlers);
      const flaky = await queue.enqueue('recheck-offer', { bookingId: 'flaky' });
      expect(await queue.waitForJob('recheck-offer', flaky.jobId, scaled(15_000))).toBe('completed');
      expect(attempts).toEqual([1, 2, 3]);

      const broken = await queue.enqueue('recheck-offer', { bookingId: 'broken' });
      expect(await queue.waitForJob('recheck-offer', broken.jobId, scaled(15_000))).toBe('failed');
      const failed = await queue.listFailed('recheck-offer');
      expect(failed).toEqual([
        expect.objectContaining({
          jobId: broken.jobId,
          payload: { bookingId: 'broken' },
          error: 'still broken',
          attemptsMade: 3,
        }),
      ]);
      expect(failed[0]!.failedAt).toMatch(/^\d{4}-/);
    });

    it('fails a job at once on a permanent error', async () => {
      let runs = 0;
      handlers.register('cancel-booking', async () => {
        runs += 1;
        throw new PermanentJobError('booking not found');
      });
      await queue.startWorkers(handlers);
      const { jobId } = await queue.enqueue('cancel-booking', { bookingId: 'gone', requestedBy: 'user-1' });
      expect(await queue.waitForJob('cancel-booking', jobId, scaled(15_000))).toBe('failed');
      expect(runs).toBe(1);
      expect((await queue.listFailed('cancel-booking'))[0]).toMatchObject({
        jobId,
        error: 'booking not found',
        attemptsMade: 1,
      });
    });

    it('runs a delayed job after its delay', async () => {
      const ranAt: number[] = [];
      handlers.register('send-confirmation', async () => void ranAt.push(Date.now()));
      await queue.startWorkers(handlers);
      const enqueuedAt = Date.now();
      const { jobId } = await queue.enqueue('send-confirmation', { bookingId: 'later' }, { delayMs: 300 });
      await queue.waitForJob('send-confirmation', jobId, scaled(15_000));
      expect(ranAt[0]! - enqueuedAt).toBeGreaterThanOrEqual(290);
    });

    it('runs a scheduled job periodically', async () => {
      let runs = 0;
      handlers.register('complete-trips', async () => void (runs += 1));
      await queue.startWorkers(handlers);
      await queue.schedule('complete-trips', 'complete-trips-test', { everyMs: 150 }, {});
      await until(() => runs >= 3);
    });

    it('lets a running job finish when closing', async () => {
      let finished = false;
      let started = false;
      handlers.register('send-confirmation', async () => {
        started = true;
        await sleep(300);
        finished = true;
      });
      await queue.startWorkers(handlers);
      await queue.enqueue('send-confirmation', { bookingId: 'slow' });
      await until(() => started);
      await queue.close();
      expect(finished).toBe(true);
    });
  });
}
