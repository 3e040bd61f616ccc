import { describe, expect, it } from 'vitest';
import { PermanentJobError } from './job-queue.js';
import { queueDefinitions } from './queues.js';
import { runJob } from './run-job.js';

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
