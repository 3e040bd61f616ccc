import { z } from 'zod';
import type { Money } from './money.js';

/** The schema of Money (money.ts), for events and answers that carry amounts. */
export const moneySchema: z.ZodType<Money> = z.object({ amount: z.number().int(), currency: z.string() });
