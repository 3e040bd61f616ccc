import { z } from 'zod';

/**
 * Issue 36: the price changed between search and payment. The engine finds it either when the
 * card is checked (process-card answers AMOUNT_MISMATCH with the `expected` total) or when the
 * airline refuses the order (the booking answers PRICE_CHANGED with the offer's `newPrice`).
 * The traveller sees both prices and either accepts (the booking is sent again with
 * `priceChange`, the card authorized for the new total only) or goes back to search.
 */

/** The `priceChange` of POST /api/bookings: the total the traveller had seen before accepting the new one. */
export const acceptedPriceChangeSchema = z.object({
  previousAmount: z
    .number('Previous amount must be a number')
    .positive('Previous amount must be positive')
    .max(1_000_000),
});
export type AcceptedPriceChange = z.output<typeof acceptedPriceChangeSchema>;

/** The old and new totals (decimal amounts, as the storefront shows them). */
export interface PriceChange {
  previousTotal: number;
  newTotal: number;
  currency: string;
}

const decimalMoney = z.object({ amount: z.coerce.number().positive(), currency: z.string().min(3) });
const mismatchAnswer = z.object({
  code: z.literal('AMOUNT_MISMATCH'),
  expected: decimalMoney,
  errors: z.array(z.object({ path: z.string() })).optional(),
});
const changedAnswer = z.object({ code: z.literal('PRICE_CHANGED'), newPrice: decimalMoney });

/** The paths whose AMOUNT_MISMATCH means the price moved (not a payment that belongs to another price). */
const PRICE_PATHS = new Set(['amount', 'paymentDetails.amount']);

const cents = (amount: number) => Math.round(amount * 100);

/**
 * The price change an error answer tells, from the total the traveller saw (`seen`, with the seats
 * and bags `extras` it includes); null when the answer is not one, or the price is the same.
 * PRICE_CHANGED's `newPrice` is the offer alone, so the extras (at the airline's price) are added.
 */
export function priceChangeOf(
  answer: unknown,
  seen: { total: number; extras: number; currency: string },
): PriceChange | null {
  const mismatch = mismatchAnswer.safeParse(answer);
  const changed = changedAnswer.safeParse(answer);
  let newTotal: number;
  let currency: string;
  if (mismatch.success) {
    const paths = mismatch.data.errors?.map((problem) => problem.path) ?? ['amount'];
    if (!paths.some((path) => PRICE_PATHS.has(path))) return null;
    newTotal = mismatch.data.expected.amount;
    currency = mismatch.data.expected.currency;
  } else if (changed.success) {
    newTotal = (cents(changed.data.newPrice.amount) + cents(seen.extras)) / 100;
    currency = changed.data.newPrice.currency;
  } else return null;
  if (currency.toUpperCase() !== seen.currency.toUpperCase() || cents(newTotal) === cents(seen.total)) return null;
  return { previousTotal: seen.total, newTotal, currency: seen.currency };
}

/** What the price-change dialog says (issue 36). */
export const PRICE_CHANGE_TEXT = {
  title: 'The price of this flight has changed',
  description:
    'The airline changed the price before your booking was made. Your passenger details and seats are kept, and you have not been charged.',
  previous: 'Previous price',
  current: 'New price',
  accept: 'Accept new price and pay',
  acceptNote: 'Your card is authorized for the new price only.',
  back: 'Back to search',
  accepted: 'New price accepted',
} as const;
