import { describe, expect, it } from 'vitest';
import type { FlightOffer } from '../flights/offer.js';
import { BEST_WEIGHTS, bestScores } from './best.js';
import { connectionWarningText, minimumConnectionMinutes, sliceConnections } from './connections.js';
import { emissionsDifference, emissionsLevel, emissionsPerPassengerKg, median } from './emissions.js';
import { searchFacets } from './facets.js';
import { EMPTY_FILTERS, activeFilterCount, type FilterState } from './filter-state.js';
import { filterOffers } from './filters.js';
import { sortOffers } from './sort.js';
import { offer, slice, type LegSpec } from './test-support/offer-fixture.js';

const ids = (offers: FlightOffer[]) => offers.map((each) => each.id);
const withFilters = (change: Partial<FilterState>): FilterState => ({ ...EMPTY_FILTERS, ...change });
const leg = (from: string, to: string, departing: string, arriving: string): LegSpec => ({
  from,
  to,
  departing: `2026-12-20T${departing}`,
  arriving: `2026-12-20T${arriving}`,
});

describe('the Best sort', () => {
  // Given three offers: the cheapest is slow with a stop, the fastest is dear, one is in between.
  const cheapSlow = offer('cheap-slow', {
    total_amount: '100.00',
    slices: [slice([leg('JFK', 'ORD', '08:00', '10:00'), leg('ORD', 'LAX', '12:00', '15:00')], 'PT10H')],
  });
  const dearFast = offer('dear-fast', {
    total_amount: '400.00',
    slices: [slice([leg('JFK', 'LAX', '09:00', '12:00')], 'PT6H')],
  });
  const balanced = offer('balanced', {
    total_amount: '180.00',
    slices: [slice([leg('JFK', 'LAX', '07:00', '10:30')], 'PT6H30M')],
  });

  it('weighs price, duration and stops from the best (0) to the worst (1) found', () => {
    const scores = bestScores([cheapSlow, dearFast, balanced]);
    expect(scores.get(cheapSlow)).toBeCloseTo(BEST_WEIGHTS.duration + BEST_WEIGHTS.stops);
    expect(scores.get(dearFast)).toBeCloseTo(BEST_WEIGHTS.price);
    expect(scores.get(balanced)).toBeCloseTo(BEST_WEIGHTS.price * (80 / 300) + BEST_WEIGHTS.duration * (30 / 240));
  });

  it('puts the balanced offer first; the two scoring the same go cheaper first', () => {
    expect(ids(sortOffers([dearFast, cheapSlow, balanced], 'best'))).toEqual(['balanced', 'cheap-slow', 'dear-fast']);
  });

  it('breaks ties by price, then duration, then departure', () => {
    const early = offer('early', {
      total_amount: '200.00',
      slices: [slice([leg('JFK', 'LAX', '06:00', '09:00')], 'PT6H')],
    });
    const late = offer('late', {
      total_amount: '200.00',
      slices: [slice([leg('JFK', 'LAX', '18:00', '21:00')], 'PT6H')],
    });
    expect(ids(sortOffers([late, early], 'best'))).toEqual(['early', 'late']);
  });
});

describe('emissions', () => {
  const family = (kg: string | null) =>
    offer(`kg-${kg}`, {
      total_emissions_kg: kg,
      passengers: [
        { id: 'a', type: 'adult', age: null },
        { id: 'c', type: 'child', age: 8 },
        { id: 'i', type: 'infant_without_seat', age: 1 },
      ],
    });

  it('reads per seated passenger: an infant on a lap takes no share', () => {
    expect(emissionsPerPassengerKg(family('601'))).toBe(301);
    expect(emissionsPerPassengerKg(family(null))).toBeNull();
    expect(emissionsPerPassengerKg(family('n/a'))).toBeNull();
  });

  it('takes the median of an odd and an even count', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });

  it('calls within 15% of the route median typical, and says by how much', () => {
    expect(emissionsLevel(84, 100)).toBe('lower');
    expect(emissionsLevel(85, 100)).toBe('typical');
    expect(emissionsLevel(115, 100)).toBe('typical');
    expect(emissionsLevel(116, 100)).toBe('higher');
    expect(emissionsDifference(77, 100)).toBe('-23% vs typical');
    expect(emissionsDifference(108, 100)).toBe('+8% vs typical');
    expect(emissionsDifference(100, 100)).toBe('Same as typical');
  });

  it('sorts by emissions, unknown last, ties by price', () => {
    const low = offer('low', { total_emissions_kg: '200', total_amount: '300.00' });
    const lowCheap = offer('low-cheap', { total_emissions_kg: '200', total_amount: '250.00' });
    const high = offer('high', { total_emissions_kg: '500' });
    const unknown = offer('unknown', { total_emissions_kg: null });
    expect(ids(sortOffers([unknown, high, low, lowCheap], 'emissions-asc'))).toEqual([
      'low-cheap',
      'low',
      'high',
      'unknown',
    ]);
  });

  it('filters by the most kg per passenger, an unknown estimate never passing', () => {
    const low = offer('low', { total_emissions_kg: '200' });
    const high = offer('high', { total_emissions_kg: '500' });
    const unknown = offer('unknown', { total_emissions_kg: null });
    expect(ids(filterOffers([low, high, unknown], withFilters({ maxEmissionsKg: 300 })))).toEqual(['low']);
  });
});

describe('connections', () => {
  it('warns of a connection shorter than the airport minimum (a default elsewhere)', () => {
    expect(minimumConnectionMinutes('JFK')).toBe(75);
    expect(minimumConnectionMinutes('XYZ')).toBe(60);
    const [tight] = sliceConnections(slice([leg('BOS', 'JFK', '08:00', '09:00'), leg('JFK', 'LHR', '10:00', '22:00')]));
    expect(tight!.minutes).toBe(60);
    expect(tight!.warnings).toEqual(['short']);
    expect(connectionWarningText('short', tight!)).toBe('Short connection in JFK: under 75 min');
  });

  it('warns of an overnight layover (the wait spans 3 am) and of a change of airport', () => {
    const night = slice([
      { from: 'LAX', to: 'LHR', departing: '2026-12-20T15:00', arriving: '2026-12-20T23:30' },
      { from: 'LGW', to: 'NCE', departing: '2026-12-21T07:00', arriving: '2026-12-21T10:00' },
    ]);
    const [connection] = sliceConnections(night);
    expect(connection!.warnings).toEqual(['overnight', 'airport-change']);
    expect(connectionWarningText('airport-change', connection!)).toBe('Change of airport: LHR to LGW');
    expect(connectionWarningText('overnight', connection!)).toBe('Overnight layover in LHR');
  });

  it('does not call a long afternoon wait overnight', () => {
    const [connection] = sliceConnections(
      slice([leg('BOS', 'ORD', '06:00', '08:00'), leg('ORD', 'LAX', '20:00', '23:00')]),
    );
    expect(connection!.warnings).toEqual([]);
  });

  const viaOrd = offer('via-ord', {
    slices: [slice([leg('JFK', 'ORD', '07:00', '09:00'), leg('ORD', 'LAX', '13:30', '16:00')])],
  });
  const viaDen = offer('via-den', {
    slices: [slice([leg('JFK', 'DEN', '07:00', '09:00'), leg('DEN', 'LAX', '10:30', '12:00')])],
  });
  const direct = offer('direct', { slices: [slice([leg('JFK', 'LAX', '07:00', '10:00')])] });

  it('filters by connecting airport: only through those chosen, non-stops always', () => {
    expect(ids(filterOffers([viaOrd, viaDen, direct], withFilters({ connectingAirports: ['DEN'] })))).toEqual([
      'via-den',
      'direct',
    ]);
  });

  it('filters by the longest layover', () => {
    expect(ids(filterOffers([viaOrd, viaDen, direct], withFilters({ maxLayoverHours: 2 })))).toEqual([
      'via-den',
      'direct',
    ]);
    expect(ids(filterOffers([viaOrd, viaDen, direct], withFilters({ maxLayoverHours: 5 })))).toEqual([
      'via-ord',
      'via-den',
      'direct',
    ]);
  });

  it('counts each new filter once on the panel badge', () => {
    const filters = withFilters({ connectingAirports: ['ORD'], maxLayoverHours: 3, maxEmissionsKg: 400 });
    expect(activeFilterCount(filters, null)).toBe(3);
  });

  it('lists the connecting airports and the emissions range among the facets', () => {
    const facets = searchFacets([
      viaOrd,
      viaDen,
      offer('kg', { total_emissions_kg: '300', slices: direct.slices }),
      offer('kg2', { total_emissions_kg: '500', slices: direct.slices }),
    ]);
    expect(facets.found).toBe(4);
    expect(facets.connections.map((each) => each.code)).toEqual(['DEN', 'ORD']);
    expect(facets.emissionsKg).toEqual({ min: 300, max: 500, median: 400 });
  });
});
