import { describe, expect, it } from 'vitest';
import type { FlightOffer, FlightService } from '../flights/offer.js';
import { airlineOptions } from './airline-options.js';
import { durationBounds } from './duration-bounds.js';
import { EMPTY_FILTERS, activeFilterCount, toggle, type FilterState } from './filter-state.js';
import { filterOffers } from './filters.js';
import { sliceLayovers } from './layovers.js';
import { isDisplayableOffer } from './offer-facts.js';
import { priceBounds } from './price-bounds.js';
import { pricingOfMarkup } from '../pricing/pricing.js';

const atCost = { pricing: pricingOfMarkup(1), travellers: 1 };
import { offer, slice } from './test-support/offer-fixture.js';

const ids = (offers: FlightOffer[]) => offers.map((each) => each.id);
const withFilters = (change: Partial<FilterState>): FilterState => ({ ...EMPTY_FILTERS, ...change });

const direct = (from: string, to: string, departing: string, arriving: string, carrier = 'AA') => ({
  from,
  to,
  departing,
  arriving,
  carrier,
});

const nonStop = offer('nonstop', {
  total_amount: '100.00',
  slices: [slice([direct('JFK', 'LAX', '2026-12-20T05:30', '2026-12-20T08:45', 'AA')], 'PT6H15M')],
});
const oneStop = offer('onestop', {
  total_amount: '200.00',
  slices: [
    slice(
      [
        direct('JFK', 'ORD', '2026-12-20T07:00', '2026-12-20T08:30', 'UA'),
        direct('ORD', 'LAX', '2026-12-20T10:00', '2026-12-20T12:30', 'DL'),
      ],
      'PT8H30M',
    ),
  ],
});
const twoStops = offer('twostops', {
  total_amount: '300.00',
  slices: [
    slice(
      [
        direct('JFK', 'ATL', '2026-12-20T13:00', '2026-12-20T15:00', 'DL'),
        direct('ATL', 'DEN', '2026-12-20T16:00', '2026-12-20T17:30', 'DL'),
        direct('DEN', 'LAX', '2026-12-20T18:30', '2026-12-20T19:55', 'DL'),
      ],
      'PT9H55M',
    ),
  ],
});
/** Outbound non-stop in the evening, return with one stop arriving early morning. */
const roundTrip = offer('roundtrip', {
  total_amount: '412.37',
  slices: [
    slice([direct('JFK', 'LHR', '2026-12-20T19:00', '2026-12-21T07:00', 'BA')], 'PT7H'),
    slice(
      [
        direct('LHR', 'DUB', '2026-12-27T12:00', '2026-12-27T13:20', 'EI'),
        direct('DUB', 'JFK', '2026-12-27T22:00', '2026-12-28T01:00', 'EI'),
      ],
      'PT18H',
    ),
  ],
});
const all = [nonStop, oneStop, twoStops, roundTrip];

describe('filterOffers', () => {
  it('filters nothing when no filter is set', () => {
    expect(ids(filterOffers(all, EMPTY_FILTERS))).toEqual(['nonstop', 'onestop', 'twostops', 'roundtrip']);
  });

  it('keeps displayed prices (supplied x 1.23) within the range, bounds included', () => {
    // 123, 246, 369, 508 (507.2151 rounded up to whole dollars)
    expect(ids(filterOffers(all, withFilters({ priceRange: { min: 123, max: 369 } })))).toEqual([
      'nonstop',
      'onestop',
      'twostops',
    ]);
    expect(ids(filterOffers(all, withFilters({ priceRange: { min: 124, max: 368 } })))).toEqual(['onestop']);
    expect(ids(filterOffers(all, withFilters({ priceRange: { min: 500, max: 510 } })))).toEqual(['roundtrip']);
    expect(ids(filterOffers(all, withFilters({ priceRange: { min: 100, max: 200 } }), atCost))).toEqual([
      'nonstop',
      'onestop',
    ]);
  });

  it('matches an airline on any marketing carrier of any segment', () => {
    expect(ids(filterOffers(all, withFilters({ airlines: ['DL'] })))).toEqual(['onestop', 'twostops']);
    expect(ids(filterOffers(all, withFilters({ airlines: ['EI'] })))).toEqual(['roundtrip']);
    expect(ids(filterOffers(all, withFilters({ airlines: ['AA', 'BA'] })))).toEqual(['nonstop', 'roundtrip']);
    expect(ids(filterOffers(all, withFilters({ airlines: ['QF'] })))).toEqual([]);
  });

  it('matches stops on any slice, 2 meaning two or more', () => {
    expect(ids(filterOffers(all, withFilters({ stops: [0] })))).toEqual(['nonstop', 'roundtrip']);
    expect(ids(filterOffers(all, withFilters({ stops: [1] })))).toEqual(['onestop', 'roundtrip']);
    expect(ids(filterOffers(all, withFilters({ stops: [2] })))).toEqual(['twostops']);
    expect(ids(filterOffers(all, withFilters({ stops: [0, 2] })))).toEqual(['nonstop', 'twostops', 'roundtrip']);
  });

  it('buckets the first departure of each slice', () => {
    expect(ids(filterOffers(all, withFilters({ departureTime: ['early_morning'] })))).toEqual(['nonstop']);
    expect(ids(filterOffers(all, withFilters({ departureTime: ['morning'] })))).toEqual(['onestop']);
    // The return slice's first departure (12:00) counts; its second segment's (22:00) does not.
    expect(ids(filterOffers(all, withFilters({ departureTime: ['afternoon'] })))).toEqual(['twostops', 'roundtrip']);
    expect(ids(filterOffers(all, withFilters({ departureTime: ['evening'] })))).toEqual(['roundtrip']);
  });

  it('buckets the last arrival of each slice', () => {
    expect(ids(filterOffers(all, withFilters({ arrivalTime: ['early_morning'] })))).toEqual(['roundtrip']);
    expect(ids(filterOffers(all, withFilters({ arrivalTime: ['morning'] })))).toEqual(['nonstop', 'roundtrip']);
    // onestop's first segment lands at 08:30 but the slice's last arrival is 12:30.
    expect(ids(filterOffers(all, withFilters({ arrivalTime: ['afternoon'] })))).toEqual(['onestop']);
    expect(ids(filterOffers(all, withFilters({ arrivalTime: ['evening'] })))).toEqual(['twostops']);
  });

  it('applies the maximum duration (hours) to every slice', () => {
    expect(ids(filterOffers(all, withFilters({ duration: 8 })))).toEqual(['nonstop']);
    expect(ids(filterOffers(all, withFilters({ duration: 10 })))).toEqual(['nonstop', 'onestop', 'twostops']);
    expect(ids(filterOffers(all, withFilters({ duration: 18 })))).toEqual([
      'nonstop',
      'onestop',
      'twostops',
      'roundtrip',
    ]);
    const unknown = offer('unknown', {
      slices: [slice([direct('JFK', 'LAX', '2026-12-20T05:30', '2026-12-20T08:45')], null)],
    });
    unknown.slices[0]!.segments[0]!.duration = null;
    expect(ids(filterOffers([unknown], withFilters({ duration: 48 })))).toEqual([]);
  });

  it('keeps only offers whose refundable condition is exactly true', () => {
    const refundable = offer('yes', { conditions: { ...nonStop.conditions, refundable: true } });
    const truthy = offer('truthy', { conditions: { ...nonStop.conditions, refundable: 'true' as unknown as boolean } });
    expect(ids(filterOffers([nonStop, refundable, truthy], withFilters({ refundable: true })))).toEqual(['yes']);
  });

  it('keeps offers with a service whose type contains "baggage"', () => {
    const service = (type: string): FlightService => ({
      id: `ase_${type}`,
      type,
      total_amount: '0',
      total_currency: 'USD',
      maximum_quantity: 1,
      passenger_ids: [],
      segment_ids: [],
      metadata: {},
      name: type,
      description: type,
    });
    const bags = offer('bags', { available_services: [service('baggage')] });
    const extraBags = offer('extra', { available_services: [service('extra_baggage')] });
    const seats = offer('seats', { available_services: [service('seat')] });
    const included = offer('included');
    included.slices[0]!.segments[0]!.services = [{ type: 'checked_baggage', description: '1 checked bag' }];
    const carryOnOnly = offer('carry-on');
    carryOnOnly.slices[0]!.segments[0]!.services = [{ type: 'carry_on_baggage', description: '1 carry-on bag' }];
    expect(
      ids(
        filterOffers([bags, extraBags, seats, included, carryOnOnly, nonStop], withFilters({ baggageIncluded: true })),
      ),
    ).toEqual(['bags', 'extra', 'included']);
  });

  it('combines filters with AND', () => {
    expect(ids(filterOffers(all, withFilters({ airlines: ['DL'], stops: [1] })))).toEqual(['onestop']);
    expect(ids(filterOffers(all, withFilters({ airlines: ['DL'], stops: [0] })))).toEqual([]);
  });
});

describe('priceBounds', () => {
  it('runs from the floor of the lowest to the ceiling of the highest displayed price', () => {
    expect(priceBounds(all)).toEqual({ min: 123, max: 508 });
    expect(priceBounds([offer('a', { total_amount: '99.99' })])).toEqual({ min: 123, max: 123 });
    expect(priceBounds([])).toBeNull();
    expect(priceBounds([offer('bad', { total_amount: 'x' })])).toBeNull();
  });
});

describe('activeFilterCount', () => {
  const bounds = { min: 100, max: 500 };

  it('counts each kind of filter in use once', () => {
    expect(activeFilterCount(EMPTY_FILTERS, bounds)).toBe(0);
    expect(activeFilterCount(withFilters({ priceRange: { min: 100, max: 500 } }), bounds)).toBe(0);
    expect(activeFilterCount(withFilters({ priceRange: { min: 110, max: 500 } }), bounds)).toBe(1);
    expect(
      activeFilterCount(
        {
          priceRange: { min: 100, max: 300 },
          airlines: ['AA', 'DL'],
          stops: [0, 1],
          departureTime: ['morning'],
          arrivalTime: ['evening'],
          duration: 10,
          refundable: true,
          baggageIncluded: true,
          connectingAirports: [],
          maxLayoverHours: null,
          maxEmissionsKg: null,
        },
        bounds,
      ),
    ).toBe(8);
  });

  it('toggles multi-choice values', () => {
    expect(toggle(['AA'], 'DL')).toEqual(['AA', 'DL']);
    expect(toggle(['AA', 'DL'], 'AA')).toEqual(['DL']);
  });
});

describe('airlineOptions', () => {
  it('lists the 12 filter airlines, then other carriers present', () => {
    const options = airlineOptions(all);
    expect(options.slice(0, 12).map((option) => option.code)).toEqual([
      'AA',
      'DL',
      'UA',
      'B6',
      'WN',
      'AS',
      'F9',
      'NK',
      'CX',
      'QF',
      'BA',
      'LH',
    ]);
    expect(options.slice(12)).toEqual([{ code: 'EI', name: 'EI Air' }]);
  });
});

describe('offer facts', () => {
  it('does not show an offer with a missing slice or segments', () => {
    expect(isDisplayableOffer(nonStop)).toBe(true);
    expect(isDisplayableOffer(offer('none', { slices: [] }))).toBe(false);
    expect(isDisplayableOffer(offer('empty', { slices: [{ ...nonStop.slices[0]!, segments: [] }] }))).toBe(false);
    expect(isDisplayableOffer(offer('hole', { slices: [null as never] }))).toBe(false);
  });

  it('lists layovers with their airport and wait', () => {
    expect(sliceLayovers(roundTrip.slices[1]!).map((layover) => [layover.airport.iata_code, layover.minutes])).toEqual([
      ['DUB', 520],
    ]);
  });
});

describe('durationBounds', () => {
  it('runs in whole hours from the shortest to the longest longest-slice', () => {
    // Longest slices: 6h15, 8h30, 9h55, 18h.
    expect(durationBounds(all)).toEqual({ min: 6, max: 18 });
    expect(durationBounds([])).toBeNull();
  });
});
