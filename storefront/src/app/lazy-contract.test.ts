import { z } from '@contrail/shared/validation/zod-mini';
import { config } from 'zod/v4/core';
import { lazyContract } from './lazy-contract';

const priceAnswer = z.object({ price: z.string() });

describe('lazyContract', () => {
  it('fetches its module once, when its endpoint first asks, and again after a failed fetch', async () => {
    let fetches = 0;
    const contract = lazyContract(async () => {
      fetches += 1;
      if (fetches === 1) throw new Error('chunk lost');
      return priceAnswer;
    });
    expect(fetches).toBe(0);
    await expect(contract['~standard'].validate({ price: '12' })).rejects.toThrow('chunk lost');
    await contract['~standard'].validate({ price: '12' });
    contract.prefetch();
    expect(await contract['~standard'].validate({ price: '13' })).toEqual({ value: { price: '13' } });
    expect(fetches).toBe(2);
  });

  it('reads a broken answer in English when only zod/mini was loaded, as a first page does', async () => {
    const english = config().localeError;
    config({ localeError: undefined });
    try {
      const result = await lazyContract(async () => priceAnswer)['~standard'].validate({ price: 12 });
      expect(result.issues?.[0]?.message).toBe('Invalid input: expected string, received number');
      expect(config().localeError).toBeDefined();
    } finally {
      config({ localeError: english });
    }
  });
});
