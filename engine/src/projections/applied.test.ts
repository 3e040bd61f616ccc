import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../storage/sql.js';
import { sqlBackends } from '../test-support/sql.js';
import { ensureCheckpoints, moveCheckpoints } from './checkpoints.js';
import { untilApplied } from './applied.js';

describe.each(sqlBackends())('untilApplied on $name', (backend) => {
  let sql: SqlClient;
  beforeAll(async () => {
    sql = await backend.open();
    await ensureCheckpoints(sql, ['applied-a', 'applied-b']);
    await moveCheckpoints(sql, ['applied-a', 'applied-b'], { commit: 10n, prepare: 1n });
  });
  afterAll(() => sql.close());

  it('answers at once for a position every read model has taken in, or for none', async () => {
    expect(await untilApplied(sql, ['applied-a', 'applied-b'], { commit: 10n, prepare: 1n }, 0)).toBe(true);
    expect(await untilApplied(sql, ['applied-a'], undefined, 0)).toBe(true);
  });

  it('waits for the read models to reach the position, then answers', async () => {
    const target = { commit: 12n, prepare: 3n };
    const waiting = untilApplied(sql, ['applied-a', 'applied-b'], target, 5_000);
    await moveCheckpoints(sql, ['applied-a'], target);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await moveCheckpoints(sql, ['applied-b'], target);
    expect(await waiting).toBe(true);
  });

  it('gives up after its bound while one read model is behind', async () => {
    const started = Date.now();
    expect(await untilApplied(sql, ['applied-a', 'applied-b'], { commit: 99n, prepare: 1n }, 100)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(80);
  });
});
