import { describe, expect, it } from 'vitest';
import { PermanentJobError } from './job-queue.js';
import { queueDefinitions } from './queues.js';
import { backoffDelay, runJob } from './run-job.js';

describe('backoffDelay', () => {
  it('doubles each retry and takes up to half off at random', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(attempt, 1_000, 0.5, () => 0))).toEqual([
      1_000, 2_000, 4_000, 8_000,
    ]);
    expect(backoffDelay(3, 1_000, 0.5, () => 1)).toBe(2_000);
    expect(backoffDelay(1, 1_000, 0, () => 0.7)).toBe(1_000);
  });
});

describe('runJob', () => {
  const context = { queue: 'create-order' as const, jobId: 'j', attempt: 1, maxAttempts: 8, firstTry: true };

  it('gives the handler the parsed payload', async () => {
    const seen: unknown[] = [];
    await runJob(
      queueDefinitions,
      async (payload) => void seen.push(payload),
      { bookingId: 'bk_1', extra: 'dropped' },
      context,
    );
    expect(seen).toEqual([{ bookingId: 'bk_1' }]);
  });

  it('fails permanently on a payload that does not parse, naming the field', async () => {
    const run = runJob(queueDefinitions, async () => {}, { bookingId: 42 }, context);
    await expect(run).rejects.toBeInstanceOf(PermanentJobError);
    await expect(run).rejects.toThrow(/bookingId/);
  });
});
