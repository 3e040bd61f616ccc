// What one filter change costs the results page with 1,000 offers: filter, then sort, as the page
// recomputes on every change (issue 7 target: under 16 ms, one frame).
import { performance } from 'node:perf_hooks';
import { EMPTY_FILTERS, type FilterState } from './filter-state.js';
import { filterOffers } from './filters.js';
import { priceBounds } from './price-bounds.js';
import { sortOffers, type SortOption } from './sort.js';
import { manyOffers } from './test-support/offer-fixture.js';

const offers = manyOffers(1000);
const bounds = priceBounds(offers)!;

const cases: Array<{ name: string; filters: FilterState; sort: SortOption }> = [
  {
    name: 'price range',
    filters: { ...EMPTY_FILTERS, priceRange: { min: bounds.min + 100, max: bounds.max - 100 } },
    sort: 'price-asc',
  },
  { name: 'airline', filters: { ...EMPTY_FILTERS, airlines: ['DL', 'BA'] }, sort: 'price-asc' },
  { name: 'stops 0 + 2+', filters: { ...EMPTY_FILTERS, stops: [0, 2] }, sort: 'price-desc' },
  { name: 'departure bucket', filters: { ...EMPTY_FILTERS, departureTime: ['morning', 'evening'] }, sort: 'price-asc' },
  { name: 'max duration', filters: { ...EMPTY_FILTERS, duration: 10 }, sort: 'duration-asc' },
  {
    name: 'everything at once',
    filters: {
      priceRange: { min: bounds.min, max: bounds.max - 50 },
      airlines: ['AA', 'DL', 'UA', 'ZZ'],
      stops: [0, 1],
      departureTime: ['morning', 'afternoon', 'evening'],
      arrivalTime: ['early_morning', 'morning', 'afternoon', 'evening'],
      duration: 14,
      refundable: true,
      baggageIncluded: true,
    },
    sort: 'duration-asc',
  },
];

const ROUNDS = 200;
const rows = cases.map(({ name, filters, sort }) => {
  for (let warm = 0; warm < 20; warm++) sortOffers(filterOffers(offers, filters), sort);
  const times: number[] = [];
  let kept = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    kept = sortOffers(filterOffers(offers, filters), sort).length;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return {
    'filter change (1,000 offers)': name,
    sort,
    kept,
    'median ms': +times[Math.floor(ROUNDS / 2)]!.toFixed(3),
    'p99 ms': +times[Math.floor(ROUNDS * 0.99)]!.toFixed(3),
    'max ms': +times[ROUNDS - 1]!.toFixed(3),
  };
});

console.table(rows);
