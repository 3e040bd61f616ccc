import { describe, expect, it } from 'vitest';
import { flightSearchParamsSchema, hasRequiredSearchParams } from './search-params.js';
import { parseSlicesText, searchSlicesOf, slicesText, SEARCH_SLICE_MESSAGES } from './search-slices.js';
import {
  backToSearchUrl,
  flightDetailsUrl,
  readFromSearch,
  readResultsSearch,
  resultsUrl,
} from '../results/search-links.js';
import { firstPageRequest } from '../results/results-params.js';

const THREE = 'JFK-LHR-2026-12-20,LHR-CDG-2026-12-23,cdg-jfk-2026-12-28';

describe('a multi-city search’s flights', () => {
  it('reads and writes the URL form', () => {
    const slices = parseSlicesText(THREE);
    expect(slices).toEqual([
      { origin: 'JFK', destination: 'LHR', departureDate: '2026-12-20' },
      { origin: 'LHR', destination: 'CDG', departureDate: '2026-12-23' },
      { origin: 'CDG', destination: 'JFK', departureDate: '2026-12-28' },
    ]);
    expect(slicesText(slices!)).toBe(THREE.toUpperCase());
    expect(parseSlicesText('JFK-LHR-2026-12-20,LHR')).toBeUndefined();
  });

  it('lists the flights of every kind of search', () => {
    const base = { origin: 'JFK', destination: 'LHR', departureDate: '2026-12-20' };
    expect(searchSlicesOf(base)).toEqual([base]);
    expect(searchSlicesOf({ ...base, returnDate: '2026-12-27' })).toEqual([
      base,
      { origin: 'LHR', destination: 'JFK', departureDate: '2026-12-27' },
    ]);
    expect(searchSlicesOf({ ...base, slices: parseSlicesText(THREE) })).toHaveLength(3);
  });
});

describe('the search contract’s slices form', () => {
  it('takes the URL form in a query string, and names the trip by its first and last airports', () => {
    const parsed = flightSearchParamsSchema.parse({ slices: THREE, adultsCount: '1' });
    expect(parsed).toMatchObject({ origin: 'JFK', destination: 'JFK', departureDate: '2026-12-20' });
    expect(parsed.slices).toHaveLength(3);
    expect(parsed.slices?.[2]).toEqual({ origin: 'CDG', destination: 'JFK', departureDate: '2026-12-28' });
    expect(hasRequiredSearchParams({ slices: THREE })).toBe(true);
  });

  it('takes a list in a JSON body, an open jaw of two flights included', () => {
    const parsed = flightSearchParamsSchema.parse({
      slices: [
        { origin: 'jfk', destination: 'LHR', departureDate: '2026-12-20' },
        { origin: 'CDG', destination: 'JFK', departureDate: '2026-12-27' },
      ],
    });
    expect(parsed).toMatchObject({ origin: 'JFK', destination: 'JFK' });
    expect(parsed.slices?.map((slice) => slice.origin)).toEqual(['JFK', 'CDG']);
  });

  it('leaves one-way and round-trip searches as they were', () => {
    const parsed = flightSearchParamsSchema.parse({
      origin: 'JFK',
      destination: 'LHR',
      departureDate: '2026-12-20',
      returnDate: '2026-12-27',
    });
    expect(parsed.slices).toBeUndefined();
    expect(parsed.returnDate).toBe('2026-12-27');
  });

  it.each([
    ['one flight', 'JFK-LHR-2026-12-20', ['slices'], SEARCH_SLICE_MESSAGES.count],
    [
      'five flights',
      'JFK-LHR-2026-12-20,LHR-CDG-2026-12-21,CDG-FRA-2026-12-22,FRA-MAD-2026-12-23,MAD-JFK-2026-12-24',
      ['slices'],
      SEARCH_SLICE_MESSAGES.count,
    ],
    ['a garbled flight', 'JFK-LHR-2026-12-20,LHR_CDG', ['slices'], SEARCH_SLICE_MESSAGES.format],
    [
      'dates out of order',
      'JFK-LHR-2026-12-20,LHR-CDG-2026-12-19',
      ['slices', 1, 'departureDate'],
      SEARCH_SLICE_MESSAGES.datesInOrder,
    ],
    [
      'a flight to where it leaves',
      'JFK-LHR-2026-12-20,LHR-LHR-2026-12-22',
      ['slices', 1, 'destination'],
      'Destination must be different from origin',
    ],
    [
      'a day that does not exist',
      'JFK-LHR-2026-12-20,LHR-CDG-2026-02-30',
      ['slices', 1, 'departureDate'],
      'Departure date must be a real calendar date',
    ],
  ])('refuses %s, naming the flight', (_, slices, path, message) => {
    const result = flightSearchParamsSchema.safeParse({ slices });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(path);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('refuses a return date beside the flights', () => {
    const result = flightSearchParamsSchema.safeParse({ slices: THREE, returnDate: '2026-12-30' });
    expect(result.error?.issues[0]?.message).toBe(SEARCH_SLICE_MESSAGES.withReturnDate);
  });
});

describe('multi-city links', () => {
  it('carry the flights through the results, details and booking URLs', () => {
    const search = readResultsSearch(new URLSearchParams(`tripType=multi-city&slices=${THREE}&adults=2`));
    expect(search).toMatchObject({ tripType: 'multi-city', origin: 'JFK', destination: 'JFK', adultsCount: 2 });
    expect(search?.slices).toHaveLength(3);
    const url = resultsUrl(search!);
    expect(new URLSearchParams(url.split('?')[1]).get('slices')).toBe(THREE.toUpperCase());
    const details = new URLSearchParams(flightDetailsUrl('off_1', search).split('?')[1]);
    expect(readFromSearch(details)?.slices).toEqual(search?.slices);
    expect(backToSearchUrl(details, null)).toBe(url);
    expect(firstPageRequest(search!).slices).toEqual(search?.slices);
  });

  it('leave one-way and round-trip URLs as they were', () => {
    const query = 'origin=JFK&destination=LHR&departureDate=2026-12-20&returnDate=2026-12-27&tripType=round-trip';
    const search = readResultsSearch(new URLSearchParams(query));
    expect(search?.slices).toBeUndefined();
    expect(resultsUrl(search!)).toBe(
      '/search?origin=JFK&destination=LHR&departureDate=2026-12-20&adults=1&children=0&infants=0&cabinClass=economy&tripType=round-trip&returnDate=2026-12-27',
    );
  });
});
