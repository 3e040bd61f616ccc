/** Seed 000 §9 deal rules. */
export const DEAL_LIST_MARKUP = 1.2;
export const DEAL_SALE_SHARE = 0.8;
/** The seed displays 17 percent off whatever the arithmetic says. */
export const DEAL_DISPLAYED_DISCOUNT = 17;
export const DEAL_EXPIRY_HOURS = { min: 2, max: 7 } as const;
export const DEAL_CURRENCY = 'USD';

export interface DealPrices {
  originalPrice: number;
  price: number;
  savings: number;
  discount: number;
  currency: string;
}

/** List price = base x 1.2 rounded; sale price = 80% of the list price (whole dollars). */
export function dealPrices(basePrice: number): DealPrices {
  const originalPrice = Math.round(basePrice * DEAL_LIST_MARKUP);
  const price = Math.round(originalPrice * DEAL_SALE_SHARE);
  return {
    originalPrice,
    price,
    savings: originalPrice - price,
    discount: DEAL_DISPLAYED_DISCOUNT,
    currency: DEAL_CURRENCY,
  };
}

/**
 * The seed's deal prices around a real sale price (the cheapest fare on offer): the base that
 * gives exactly that price, so list price, savings and discount follow the seed's rules.
 */
export function dealPricesFromSale(salePrice: number): DealPrices {
  return dealPrices(Math.round(salePrice / DEAL_SALE_SHARE) / DEAL_LIST_MARKUP);
}

/** A random whole number of hours from 2 to 7; `random` is injectable for tests. */
export function dealExpiryHours(random: () => number = Math.random): number {
  const { min, max } = DEAL_EXPIRY_HOURS;
  return min + Math.floor(random() * (max - min + 1));
}

/** Seed 000 §9: the first two of the four deals are featured. */
export function isFeaturedDeal(index: number): boolean {
  return index < 2;
}
