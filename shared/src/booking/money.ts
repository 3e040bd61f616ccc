/**
 * Amounts in minor units (what payment processors charge) from and to the decimal amounts
 * travellers see. Most currencies have 2 decimals; these have none or 3 (ISO 4217, as Stripe uses).
 */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'ISK',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

export function currencyDecimals(currency: string): number {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(code)) return 0;
  return THREE_DECIMAL.has(code) ? 3 : 2;
}

/**
 * A decimal amount ("553.50" or 553.5) in minor units of the currency, rounded half away from
 * zero; NaN when it is not a finite amount.
 */
export function toMinorUnits(amount: number | string, currency: string): number {
  const value = typeof amount === 'string' ? (amount.trim() === '' ? Number.NaN : Number(amount)) : amount;
  if (!Number.isFinite(value)) return Number.NaN;
  const scaled = value * 10 ** currencyDecimals(currency);
  // Binary floats put 553.5 * 100 a hair off 55350: settle at 6 places before rounding.
  const settled = Number(scaled.toFixed(6));
  return Math.sign(settled) * Math.round(Math.abs(settled));
}

export function fromMinorUnits(minor: number, currency: string): number {
  return minor / 10 ** currencyDecimals(currency);
}

/** "553.50" for 55350 USD: the decimal form the answers carry. */
export function decimalAmount(minor: number, currency: string): string {
  return fromMinorUnits(minor, currency).toFixed(currencyDecimals(currency));
}

/**
 * An amount in minor units (cents) of an ISO currency, as payments and booking events carry it.
 * Its schema is in money-schema.ts: the storefront formats money on first screens without zod.
 */
export interface Money {
  amount: number;
  currency: string;
}

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
