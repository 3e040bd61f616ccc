import { describe, expect, it } from 'vitest';
import { bestCabin, cabinNotSold, cabinsSold } from './cabins-sold.js';

describe('cabins sold (issue 33 item 10)', () => {
  it('lists the cabins the offers are sold in, economy first, once each', () => {
    const offers = [
      { cabin_class: 'business' as const },
      { cabin_class: null },
      {},
      { cabin_class: 'economy' as const },
    ];
    expect(cabinsSold([...offers, { cabin_class: 'business' as const }])).toEqual(['economy', 'business']);
  });

  it('names the best cabin sold when nobody sells the one asked for', () => {
    expect(cabinNotSold('first', ['economy', 'business'])).toBe('business');
    expect(cabinNotSold('premium_economy', ['economy'])).toBe('economy');
  });

  it('says nothing when the cabin, or a better one, is sold, or nothing is known', () => {
    expect(cabinNotSold('first', ['business', 'first'])).toBeNull();
    // A US airline's domestic First is what a business search gets on its single-aisles.
    expect(cabinNotSold('business', ['economy', 'first'])).toBeNull();
    expect(cabinNotSold('economy', ['economy'])).toBeNull();
    expect(cabinNotSold('first', [])).toBeNull();
  });

  it("takes an offer's best cabin over its flights", () => {
    expect(bestCabin(['economy', 'business', undefined])).toBe('business');
    expect(bestCabin([null, undefined])).toBeNull();
  });
});
