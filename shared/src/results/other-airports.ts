import type { SearchAirport, SearchOffer } from '../flights/search-offer.js';
import { metroArea } from '../reference/metro-areas.js';

/** The route as typed: an airport's code or a city's (NYC). */
export interface TypedRoute {
  origin: string;
  destination: string;
}

/** Whether `airport` is the one typed, or one of the typed city's. */
function isTyped(airport: SearchAirport, typed: string): boolean {
  const code = typed.toUpperCase();
  return airport.iata_code === code || (metroArea(code)?.airports.includes(airport.iata_code) ?? false);
}

const named = (airport: SearchAirport) => `${airport.name} (${airport.iata_code})`;

/**
 * What a result says when it uses an airport other than the one typed (issue 34, nearby
 * airports): "Leaves from Oakland International Airport (OAK), not SFO". The outbound goes
 * from the typed origin to the typed destination; a return comes back the other way.
 */
export function otherAirportNotes(offer: SearchOffer, typed: TypedRoute): string[] {
  const [out, back] = offer.slices;
  const notes: string[] = [];
  const note = (airport: SearchAirport | undefined, expected: string, words: string) => {
    if (airport && !isTyped(airport, expected)) notes.push(`${words} ${named(airport)}, not ${expected.toUpperCase()}`);
  };
  note(out?.origin, typed.origin, 'Leaves from');
  note(out?.destination, typed.destination, 'Lands at');
  if (offer.slices.length === 2) {
    note(back?.origin, typed.destination, 'Return leaves from');
    note(back?.destination, typed.origin, 'Return lands at');
  }
  return notes;
}
