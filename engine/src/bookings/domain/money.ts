import { decimalAmount } from '@contrail/shared/booking/refund';
import { z } from 'zod';

/** An amount in minor units (cents) of an ISO currency, as payments and booking events carry it. */
export const moneySchema = z.object({ amount: z.number().int(), currency: z.string() });
export type Money = z.infer<typeof moneySchema>;

export function sameMoney(a: Money, b: Money): boolean {
  return a.amount === b.amount && a.currency.toUpperCase() === b.currency.toUpperCase();
}

export function isValidMoney(money: Money): boolean {
  return Number.isSafeInteger(money.amount) && money.amount >= 0 && /^[A-Z]{3}$/.test(money.currency);
}

/** "553.50 USD", "1000 JPY": in the currency's own decimals (issue 21 item 8). */
export function formatMoney(money: Money): string {
  return `${decimalAmount(money.amount, money.currency)} ${money.currency}`;
}
