// What one filter change costs with 1,000 offers: filter, then sort, as the engine does over every
// offer found for each filtered page (issue 7 and 35 target: under 16 ms, one frame), emissions,
// layovers and the Best order included. "warm" is every change
// after the first (each offer's facts are worked out once); "cold" is the first pass over offers
// just received.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { PricingContext } from '../pricing/price-offer.js';
import { DEFAULT_PRICING } from '../pricing/pricing.js';
import { EMPTY_FILTERS, type FilterState } from './filter-state.js';
import { filterOffers } from './filters.js';
import { offerFacts } from './offer-index.js';
import { priceBounds } from './price-bounds.js';
import { sortOffers, type SortOption } from './sort.js';
import { manyOffers } from './test-support/offer-fixture.js';

const offers = manyOffers(1000);
const bounds = priceBounds(offers)!;

/** Issue 35: every offer priced with one checked bag per traveller (included first, then bought). */
const withBags: PricingContext = { pricing: DEFAULT_PRICING, travellers: 1, bags: { checked: 1, carryOn: 0 } };

const cases: Array<{ name: string; filters: FilterState; sort: SortOption; pricing?: PricingContext }> = [
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
      connectingAirports: ['BOS'],
      maxLayoverHours: 12,
      maxEmissionsKg: 600,
    },
    sort: 'duration-asc',
  },
  { name: 'emissions, Best order', filters: { ...EMPTY_FILTERS, maxEmissionsKg: 500 }, sort: 'best' },
  { name: 'layovers, emissions order', filters: { ...EMPTY_FILTERS, maxLayoverHours: 8 }, sort: 'emissions-asc' },
  {
    name: 'with my bags: price range, emissions',
    filters: { ...EMPTY_FILTERS, priceRange: { min: bounds.min + 100, max: bounds.max - 100 }, maxEmissionsKg: 600 },
    sort: 'price-asc',
    pricing: withBags,
  },
  {
    name: 'with my bags: emissions, Best order',
    filters: { ...EMPTY_FILTERS, maxEmissionsKg: 600 },
    sort: 'best',
    pricing: withBags,
  },
  {
    name: 'everything at once with my bags, Best order',
    filters: {
      priceRange: { min: bounds.min, max: bounds.max - 50 },
      airlines: ['AA', 'DL', 'UA', 'ZZ'],
      stops: [0, 1],
      departureTime: ['morning', 'afternoon', 'evening'],
      arrivalTime: ['early_morning', 'morning', 'afternoon', 'evening'],
      duration: 14,
      refundable: true,
      baggageIncluded: true,
      connectingAirports: ['BOS'],
      maxLayoverHours: 12,
      maxEmissionsKg: 600,
    },
    sort: 'best',
    pricing: withBags,
  },
];

const ROUNDS = 200;
// Wall time counts whatever else the machine runs; CPU time is this process's own work.
const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;
const rows = cases.map(({ name, filters, sort, pricing }) => {
  for (let warm = 0; warm < 20; warm++) sortOffers(filterOffers(offers, filters, pricing), sort, pricing);
  const times: number[] = [];
  const cpu: number[] = [];
  let kept = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    kept = sortOffers(filterOffers(offers, filters, pricing), sort, pricing).length;
    times.push(performance.now() - start);
    cpu.push(cpuMs(process.cpuUsage(cpuStart)));
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    'filter change (1,000 offers)': name,
    sort,
    kept,
    'median ms': +times[Math.floor(ROUNDS / 2)]!.toFixed(3),
    'p99 ms': +times[Math.floor(ROUNDS * 0.99)]!.toFixed(3),
    'max ms': +times[ROUNDS - 1]!.toFixed(3),
    'cpu median ms': +cpu[Math.floor(ROUNDS / 2)]!.toFixed(3),
  };
});

/*
 * Cold: the first pass over 1,000 offers just received, nothing worked out yet. Each round's copy
 * is made before its clock starts (copying is not the pass's work), and a few uncounted rounds let
 * the engine compile the first pass's code as a running server has. "on arrival" is what the
 * offer stream works out as each page of offers arrives (the facts its order reads); "first change
 * after arrival" is then the first filter change with bags.
 */
const everything = cases.at(-1)!;
const COLD_ROUNDS = 40;
const firstPass = (fresh: typeof offers) =>
  sortOffers(filterOffers(fresh, everything.filters, everything.pricing), everything.sort, everything.pricing);
for (const fresh of Array.from({ length: 5 }, () => structuredClone(offers))) firstPass(fresh);

function coldRow(name: string, before: (fresh: typeof offers) => void, pass: (fresh: typeof offers) => unknown) {
  const copies = Array.from({ length: COLD_ROUNDS }, () => structuredClone(offers));
  const times: number[] = [];
  const cpu: number[] = [];
  let kept = 0;
  for (const fresh of copies) {
    before(fresh);
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    const result = pass(fresh);
    times.push(performance.now() - start);
    cpu.push(cpuMs(process.cpuUsage(cpuStart)));
    kept = Array.isArray(result) ? result.length : fresh.length;
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const middle = Math.floor(COLD_ROUNDS / 2);
  return {
    'filter change (1,000 offers)': name,
    sort: everything.sort,
    kept,
    'median ms': +times[middle]!.toFixed(3),
    'p99 ms': +times[COLD_ROUNDS - 1]!.toFixed(3),
    'max ms': +times[COLD_ROUNDS - 1]!.toFixed(3),
    'cpu median ms': +cpu[middle]!.toFixed(3),
  };
}

const nothing = () => undefined;
const arrive = (fresh: typeof offers) => fresh.forEach((offer) => offerFacts(offer));
rows.push(coldRow('everything at once with my bags, cold (first pass)', nothing, firstPass));
rows.push(coldRow("offers on arrival (each offer's facts)", nothing, arrive));
rows.push(coldRow('everything at once with my bags, first change after arrival', arrive, firstPass));

console.table(rows);
console.log(`load average (1 min) ${loadavg()[0]!.toFixed(2)} on this machine's cores; target: under 16 ms each`);
