import type { SearchOffer } from '../flights/search-offer.js';
import { airlineByIata, filterAirlines } from '../reference/airlines.js';

export interface AirlineOption {
  code: string;
  name: string;
}

/** Seed 000 §9's 12 filter airlines, then any other marketing carrier in the results (by name). */
export function airlineOptions(offers: readonly SearchOffer[]): AirlineOption[] {
  const options: AirlineOption[] = filterAirlines.map((airline) => ({ code: airline.iata_code, name: airline.name }));
  const known = new Set(options.map((option) => option.code));
  const extra = new Map<string, string>();
  for (const offer of offers) {
    for (const slice of offer.slices ?? []) {
      for (const segment of slice.segments ?? []) {
        const code = segment.marketing_carrier?.iata_code;
        if (!code || known.has(code) || extra.has(code)) continue;
        extra.set(code, segment.marketing_carrier.name || airlineByIata(code)?.name || code);
      }
    }
  }
  const present = [...extra].map(([code, name]) => ({ code, name })).sort((a, b) => a.name.localeCompare(b.name));
  return [...options, ...present];
}
