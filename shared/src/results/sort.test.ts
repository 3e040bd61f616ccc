import { describe, expect, it } from 'vitest';
import { sortOffers } from './sort.js';
import { offer, slice } from './test-support/offer-fixture.js';

const leg = { from: 'JFK', to: 'LAX', departing: '2026-12-20T08:00', arriving: '2026-12-20T11:00' };
const cheapSlow = offer('cheap-slow', { total_amount: '150.00', slices: [slice([leg], 'PT9H')] });
const dearFast = offer('dear-fast', { total_amount: '450.50', slices: [slice([leg], 'PT5H')] });
const middle = offer('middle', { total_amount: '299.99', slices: [slice([leg], 'PT7H30M')] });
const unpriced = offer('unpriced', { total_amount: 'n/a', slices: [slice([leg], 'PT1H')] });
const list = [middle, unpriced, dearFast, cheapSlow];

describe('sortOffers', () => {
  it('price-asc sorts by price, lowest first, unreadable prices last', () => {
    expect(sortOffers(list, 'price-asc').map((each) => each.id)).toEqual([
      'cheap-slow',
      'middle',
      'dear-fast',
      'unpriced',
    ]);
  });

  it('price-desc sorts by price, highest first, unreadable prices last', () => {
    expect(sortOffers(list, 'price-desc').map((each) => each.id)).toEqual([
      'dear-fast',
      'middle',
      'cheap-slow',
      'unpriced',
    ]);
  });

  it('duration-asc sorts by total travel time, shortest first', () => {
    expect(sortOffers(list, 'duration-asc').map((each) => each.id)).toEqual([
      'unpriced',
      'dear-fast',
      'middle',
      'cheap-slow',
    ]);
  });

  it('compares prices as numbers, not text, and leaves the input alone', () => {
    const nine = offer('nine', { total_amount: '9.00' });
    const eighty = offer('eighty', { total_amount: '80.00' });
    const input = [eighty, nine];
    expect(sortOffers(input, 'price-asc').map((each) => each.id)).toEqual(['nine', 'eighty']);
    expect(input.map((each) => each.id)).toEqual(['eighty', 'nine']);
  });

  it('adds up the slices of a round trip for duration', () => {
    const twoShort = offer('two-short', { slices: [slice([leg], 'PT4H'), slice([leg], 'PT4H')] });
    const oneLong = offer('one-long', { slices: [slice([leg], 'PT7H')] });
    expect(sortOffers([twoShort, oneLong], 'duration-asc').map((each) => each.id)).toEqual(['one-long', 'two-short']);
  });
});
