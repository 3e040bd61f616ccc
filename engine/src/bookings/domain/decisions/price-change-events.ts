import { moneySchema } from '@contrail/shared/booking/money-schema';
import { z } from 'zod';

/**
 * Issue 36: the price changed between search and payment and the traveller accepted the new one
 * (decisions/price-change.ts decides it). Apart from the decision so that events.ts reads it
 * without importing the decider's state.
 */
export const priceChangeEventSchemas = {
  PriceChangeAccepted: z.object({ previousTotal: moneySchema, newTotal: moneySchema, at: z.string() }),
};
