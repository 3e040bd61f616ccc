import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementsPerBooking, type StatementCount } from './test-support/statements-per-booking.js';

describe('SQL statements per booking (embedded PGlite, counted at the SqlClient port)', () => {
  let counts: StatementCount[];
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ counts, close } = await statementsPerBooking(3));
  }, 120_000);
  afterAll(async () => close?.());

  // Issue #17's goal is 30; folding each stream once per request is not done yet (about 144 when
  // this was written). The bound keeps the count from growing unnoticed; lower it as it falls.
  const BOUND = 150;

  it(`a guest booking, process-card to confirmation sent, costs at most ${BOUND} statements of the engine`, () => {
    expect(counts.length).toBe(3);
    for (const count of counts) expect(count.engine, count.log.join('\n')).toBeLessThanOrEqual(BOUND);
    for (const count of counts) expect(count.engine).toBeGreaterThan(0);
  });
});
