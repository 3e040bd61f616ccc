import { describe, expect, it } from 'vitest';
import { dealExpiryHours, dealPrices, dealPricesFromSale, isFeaturedDeal } from './deals.js';

describe('dealPrices', () => {
  it('lists at base x 1.2 rounded and sells at 80% of that, showing 17% off', () => {
    expect(dealPrices(199)).toEqual({ originalPrice: 239, price: 191, savings: 48, discount: 17, currency: 'USD' });
    expect(dealPrices(450)).toEqual({ originalPrice: 540, price: 432, savings: 108, discount: 17, currency: 'USD' });
  });

  it('rounds the list price before taking 80%', () => {
    // 333 x 1.2 = 399.6 -> 400; 80% = 320
    expect(dealPrices(333)).toMatchObject({ originalPrice: 400, price: 320 });
  });
});

describe('dealPricesFromSale', () => {
  it('keeps the real sale price and derives the list price by the same rules', () => {
    for (let price = 1; price <= 3000; price += 1) {
      const prices = dealPricesFromSale(price);
      expect(prices.price).toBe(price);
      expect(prices.savings).toBe(prices.originalPrice - price);
      expect(prices.originalPrice).toBe(Math.round(price / 0.8));
    }
  });
});

describe('dealExpiryHours', () => {
  it('is a whole number from 2 to 7', () => {
    expect(dealExpiryHours(() => 0)).toBe(2);
    expect(dealExpiryHours(() => 0.999999)).toBe(7);
    expect(dealExpiryHours(() => 0.5)).toBe(5);
  });
});

describe('isFeaturedDeal', () => {
  it('features the first two of four', () => {
    expect([0, 1, 2, 3].map(isFeaturedDeal)).toEqual([true, true, false, false]);
  });
});
