import { DEFAULT_PRICE_MARKUP } from '../brand/default-brand.js';

/**
 * The customer's price for a supplied price (seed 000 §9: supplied price x 1.23, or the brand's
 * markup), in currency units rounded to the cent. The storefront shows it and the engine charges
 * it: this is the only place the rule lives. NaN when the amount is not a number.
 */
export function customerPrice(amount: string | number, markup: number = DEFAULT_PRICE_MARKUP): number {
  const supplied = typeof amount === 'number' ? amount : Number.parseFloat(amount);
  if (!Number.isFinite(supplied) || (typeof amount === 'string' && amount.trim() === '')) return Number.NaN;
  return Math.round(supplied * markup * 100) / 100;
}
