import { describe, expect, it } from 'vitest';
import { z } from './zod-mini.js';

describe('zod/mini for the first pages’ contracts', () => {
  it('words a broken answer as zod classic does', () => {
    const result = z.object({ id: z.string(), seats: z.nullable(z.number()) }).safeParse({ id: 7, seats: 'two' });

    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([
      'id: Invalid input: expected string, received number',
      'seats: Invalid input: expected number, received string',
    ]);
  });
});
