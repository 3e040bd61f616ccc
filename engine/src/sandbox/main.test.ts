import { describe, expect, it } from 'vitest';
import { startSandboxes } from '../test-support/processes.js';
import { stalledBodyAnswer } from '../test-support/slow-request.js';
import { migratedDataDir } from '../test-support/sql-templates.js';

describe('the sandboxes process', () => {
  it('answers 408 and closes the connection of a request whose body stops arriving (REQUEST_TIMEOUT_MS)', async () => {
    const sandboxes = await startSandboxes({
      env: {
        NODE_ENV: 'test',
        REQUEST_TIMEOUT_MS: '1000',
        SANDBOX_SECRET: 'a-sandbox-secret-of-at-least-32-characters',
        DATA_DIR: await migratedDataDir('sandboxes'),
      },
      startTimeoutMs: 120_000,
    });
    try {
      // Generous: the 1 s timeout plus the server's check interval, on a loaded machine.
      const answer = await stalledBodyAnswer(`${sandboxes.url}/sandbox/stripe/v1/payment_intents`, 30_000);
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      await sandboxes.stop();
    }
  }, 180_000);
});
