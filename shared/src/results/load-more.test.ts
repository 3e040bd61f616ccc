import { describe, expect, it } from 'vitest';
import { loadMorePage, readLoadMore, withLoadMore, withoutLoadMore } from './load-more.js';
import { mergeOffers } from './merge-offers.js';
import { offer } from './test-support/offer-fixture.js';

describe('loadMorePage', () => {
  it('is floor(previousCount / 100) + 1', () => {
    expect(loadMorePage(30)).toBe(1);
    expect(loadMorePage(99)).toBe(1);
    expect(loadMorePage(100)).toBe(2);
    expect(loadMorePage(230)).toBe(3);
    expect(loadMorePage(0)).toBe(1);
    expect(loadMorePage(Number.NaN)).toBe(1);
  });
});

describe('load-more URL flags', () => {
  it('adds, reads and removes showMore and previousCount, keeping the search', () => {
    const search = new URLSearchParams('origin=JFK&destination=LHR&departureDate=2026-12-20');
    const more = withLoadMore(search, 30);
    expect(more.toString()).toBe('origin=JFK&destination=LHR&departureDate=2026-12-20&showMore=true&previousCount=30');
    expect(readLoadMore(more)).toEqual({ previousCount: 30 });
    expect(withoutLoadMore(more).toString()).toBe(search.toString());
    expect(readLoadMore(search)).toBeNull();
    expect(readLoadMore(new URLSearchParams('showMore=true&previousCount=abc'))).toBeNull();
    expect(readLoadMore(new URLSearchParams('showMore=false&previousCount=30'))).toBeNull();
  });
});

describe('mergeOffers', () => {
  it('de-duplicates by offer id (first seen wins) and sorts by price ascending', () => {
    const previous = [offer('a', { total_amount: '300.00' }), offer('b', { total_amount: '100.00' })];
    const next = [
      offer('b', { total_amount: '999.00' }),
      offer('c', { total_amount: '200.00' }),
      offer('d', { total_amount: '50.00' }),
    ];
    const merged = mergeOffers(previous, next);
    expect(merged.map((each) => [each.id, each.total_amount])).toEqual([
      ['d', '50.00'],
      ['b', '100.00'],
      ['c', '200.00'],
      ['a', '300.00'],
    ]);
  });

  it('copes with an empty side', () => {
    expect(mergeOffers([], [offer('x')]).map((each) => each.id)).toEqual(['x']);
    expect(mergeOffers([offer('x')], []).map((each) => each.id)).toEqual(['x']);
  });

  it("keeps the engine's order for Best, which ranks each offer against every offer found", () => {
    const pages = [offer('b', { total_amount: '300.00' }), offer('a', { total_amount: '100.00' })];
    expect(mergeOffers(pages.slice(0, 1), pages.slice(1), 'best').map((each) => each.id)).toEqual(['b', 'a']);
  });
});
