import type { Airport } from './airport.js';
import { airports } from './airports.js';

const byIata = new Map(airports.map((airport) => [airport.iata_code, airport]));

export function airportByIata(code: string): Airport | undefined {
  return byIata.get(code.toUpperCase());
}
