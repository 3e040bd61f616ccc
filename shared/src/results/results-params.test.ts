import { describe, expect, it } from 'vitest';
import { loadMoreQuery } from './load-more-query.js';
import { firstPageRequest, readResultsSort, withResultsSort } from './results-params.js';
import {
  backToSearchUrl,
  bookingUrl,
  flightDetailsUrl,
  parseLastSearch,
  readFromSearch,
  readResultsSearch,
  resultsUrl,
} from './search-links.js';

const q = (text: string) => new URLSearchParams(text);

describe('readResultsSearch', () => {
  it('reads the home form parameters', () => {
    expect(
      readResultsSearch(
        q(
          'origin=jfk&destination=LHR&departureDate=2026-12-20&returnDate=2026-12-27&adults=2&children=1&infants=1&cabinClass=business&tripType=round-trip',
        ),
      ),
    ).toEqual({
      tripType: 'round-trip',
      origin: 'JFK',
      destination: 'LHR',
      departureDate: '2026-12-20',
      returnDate: '2026-12-27',
      cabinClass: 'business',
      adultsCount: 2,
      childrenCount: 1,
      infantsCount: 1,
    });
  });

  it('infers the trip type from returnDate when missing, and defaults the rest', () => {
    expect(
      readResultsSearch(q('origin=JFK&destination=LHR&departureDate=2026-12-20&returnDate=2026-12-27'))?.tripType,
    ).toBe('round-trip');
    expect(readResultsSearch(q('origin=JFK&destination=LHR&departureDate=2026-12-20'))).toMatchObject({
      tripType: 'one-way',
      returnDate: undefined,
      cabinClass: 'economy',
      adultsCount: 1,
      childrenCount: 0,
      infantsCount: 0,
    });
  });

  it('reads the deal cards count names too and clamps counts', () => {
    expect(
      readResultsSearch(
        q('origin=JFK&destination=LHR&departureDate=2026-12-20&adultsCount=3&childrenCount=0&infantsCount=0'),
      )?.adultsCount,
    ).toBe(3);
    expect(readResultsSearch(q('origin=JFK&destination=LHR&departureDate=2026-12-20&adults=40'))?.adultsCount).toBe(9);
  });

  it('gives the from_ set priority when from_origin and from_destination are both present', () => {
    const both = q(
      'origin=JFK&destination=LHR&departureDate=2026-12-20&from_origin=SFO&from_destination=NRT&from_departureDate=2027-01-05&from_adults=2&from_cabinClass=first',
    );
    expect(readResultsSearch(both)).toMatchObject({
      origin: 'SFO',
      destination: 'NRT',
      departureDate: '2027-01-05',
      adultsCount: 2,
      cabinClass: 'first',
      tripType: 'one-way',
    });
    const half = q('origin=JFK&destination=LHR&departureDate=2026-12-20&from_origin=SFO');
    expect(readResultsSearch(half)).toMatchObject({ origin: 'JFK', destination: 'LHR' });
  });

  it('is null without origin, destination and departure date', () => {
    expect(readResultsSearch(q('origin=JFK&destination=LHR'))).toBeNull();
    expect(readResultsSearch(q(''))).toBeNull();
  });
});

describe('links between results, details and booking', () => {
  const search = readResultsSearch(
    q('origin=JFK&destination=LHR&departureDate=2026-12-20&returnDate=2026-12-27&adults=2&children=1'),
  )!;

  it('carries the search to the details page as from_ parameters', () => {
    expect(flightDetailsUrl('off_1', search)).toBe(
      '/flight/off_1?from_origin=JFK&from_destination=LHR&from_departureDate=2026-12-20&from_returnDate=2026-12-27&from_cabinClass=economy&from_adults=2&from_children=1&from_infants=0',
    );
    expect(flightDetailsUrl('off_1', null)).toBe('/flight/off_1');
  });

  it('goes back with the from_ parameters stripped, else the last search, else home', () => {
    const details = new URL(`http://x${flightDetailsUrl('off_1', search)}`).searchParams;
    const back = backToSearchUrl(details, null);
    expect(back.startsWith('/search?origin=JFK&destination=LHR&departureDate=2026-12-20&adults=2&children=1')).toBe(
      true,
    );
    expect(readResultsSearch(new URL(`http://x${back}`).searchParams)).toEqual(search);
    const last = readResultsSearch(q('origin=BOS&destination=MIA&departureDate=2026-12-01'));
    expect(backToSearchUrl(q(''), last)).toContain('origin=BOS&destination=MIA');
    expect(backToSearchUrl(q(''), null)).toBe('/');
  });

  it('builds the booking link', () => {
    expect(bookingUrl('off_1', { adults: 2, children: 1, infants: 0 })).toBe(
      '/booking?offer=off_1&adults=2&children=1&infants=0',
    );
  });

  it('carries the search on the booking link, for an expiry to return to it (issue 33)', () => {
    const booking = new URL(`http://x${bookingUrl('off_1', { adults: 2, children: 1, infants: 0 }, search)}`);
    expect(booking.searchParams.get('offer')).toBe('off_1');
    expect(booking.searchParams.get('adults')).toBe('2');
    expect(readFromSearch(booking.searchParams)).toEqual(search);
    expect(backToSearchUrl(booking.searchParams, null)).toBe(resultsUrl(search));
  });

  it('asks for 30 offers first and pages of 100 on load-more, empty values omitted', () => {
    expect(firstPageRequest(search)).toMatchObject({
      origin: 'JFK',
      limit: 30,
      adultsCount: 2,
      childrenCount: 1,
      returnDate: '2026-12-27',
    });
    const oneWay = readResultsSearch(q('origin=JFK&destination=LHR&departureDate=2026-12-20'))!;
    expect(loadMoreQuery(oneWay, 130).toString()).toBe(
      'origin=JFK&destination=LHR&departureDate=2026-12-20&cabinClass=economy&adultsCount=1&childrenCount=0&infantsCount=0&sort=price-asc&page=2&limit=100',
    );
  });

  it('asks every page in the chosen order, kept in the URL unless it is the default', () => {
    expect(firstPageRequest(search, 'duration-asc')).toMatchObject({ sort: 'duration-asc', limit: 30 });
    expect(loadMoreQuery(search, 30, 'duration-asc').get('sort')).toBe('duration-asc');
    expect(readResultsSort(q('sort=duration-asc'))).toBe('duration-asc');
    expect(readResultsSort(q('sort=bogus'))).toBe('price-asc');
    expect(withResultsSort(q('origin=JFK'), 'price-desc').toString()).toBe('origin=JFK&sort=price-desc');
    expect(withResultsSort(q('origin=JFK&sort=price-desc'), 'price-asc').toString()).toBe('origin=JFK');
  });

  it('never shows a round trip without a return date (issue 20)', () => {
    const roundTripNoReturn = q('origin=JFK&destination=LHR&departureDate=2026-12-20&tripType=round-trip');
    expect(readResultsSearch(roundTripNoReturn)?.tripType).toBe('one-way');
  });

  it('reads a stored last search back', () => {
    expect(parseLastSearch(JSON.stringify(search))).toEqual(search);
    expect(parseLastSearch('not json')).toBeNull();
    expect(parseLastSearch(null)).toBeNull();
    expect(parseLastSearch('{"origin":"JFK"}')).toBeNull();
  });
});

describe('"include nearby airports" in the URL (issue 34)', () => {
  const asked = 'origin=LHR&destination=JFK&departureDate=2026-12-20&tripType=one-way';

  it('is read only when it is 1, and the results link writes it back', () => {
    const search = readResultsSearch(q(`${asked}&nearbyAirports=1`))!;
    expect(search.nearbyAirports).toBe(true);
    expect(new URL(`http://x${resultsUrl(search)}`).searchParams.get('nearbyAirports')).toBe('1');
    expect(readResultsSearch(q(`${asked}&nearbyAirports=0`))).not.toHaveProperty('nearbyAirports');
    expect(resultsUrl(readResultsSearch(q(asked))!)).not.toContain('nearbyAirports');
  });

  it('goes to the details page and back, and asks the engine for it', () => {
    const search = readResultsSearch(q(`${asked}&nearbyAirports=1`))!;
    const details = new URL(`http://x${flightDetailsUrl('off_1', search)}`).searchParams;
    expect(details.get('from_nearbyAirports')).toBe('1');
    expect(readResultsSearch(new URL(`http://x${backToSearchUrl(details, null)}`).searchParams)).toEqual(search);
    expect(firstPageRequest(search)).toMatchObject({ origin: 'LHR', nearbyAirports: true });
    expect(firstPageRequest(readResultsSearch(q(asked))!)).not.toHaveProperty('nearbyAirports');
    expect(loadMoreQuery(search, 30).get('nearbyAirports')).toBe('true');
  });
});
