import { AIRPORT_PLACES } from './airport-places.js';

const placeByIata = new Map(AIRPORT_PLACES.split('|').map((entry) => [entry.slice(0, 3), entry.slice(3)]));

/**
 * The place travellers know an airport by (its city, else its name), from a list a tenth the size
 * of the airport table: a page that only names airports need not load the table.
 */
export function airportPlace(code: string): string | undefined {
  return placeByIata.get(code.toUpperCase());
}
