import { describe, expect, it } from 'vitest';
import { DeadlineExceeded, isUnreachable, withDeadline } from './deadline.js';

describe('bounded waits', () => {
  it('answers what finishes in time and gives up on what does not', async () => {
    await expect(withDeadline(Promise.resolve(42), 1_000, 'a quick call')).resolves.toBe(42);
    const never = new Promise<never>(() => {});
    await expect(withDeadline(never, 20, 'a call that hangs')).rejects.toThrow(
      new DeadlineExceeded('a call that hangs', 20),
    );
  });

  it('tells a dependency that cannot be reached from other failures', () => {
    expect(isUnreachable(new DeadlineExceeded('Redis', 10))).toBe(true);
    expect(isUnreachable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }))).toBe(
      true,
    );
    expect(isUnreachable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(
      isUnreachable(new Error('fetch failed', { cause: Object.assign(new Error('reset'), { code: 'ECONNRESET' }) })),
    ).toBe(true);
    expect(isUnreachable(new Error('duplicate key value violates unique constraint'))).toBe(false);
    expect(isUnreachable(undefined)).toBe(false);
  });
});
