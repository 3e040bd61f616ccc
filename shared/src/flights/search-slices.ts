// The flights of a multi-city search (issue 34), without zod: the storefront's first pages read
// and write them from the URL, and the schema (search-params.ts) validates them.

/** Duffel takes any number of slices; travellers get up to four flights in one search. */
export const MIN_MULTI_CITY_SLICES = 2;
export const MAX_MULTI_CITY_SLICES = 4;

export interface SearchLeg {
  origin: string;
  destination: string;
  /** yyyy-MM-dd */
  departureDate: string;
}

export const SEARCH_SLICE_MESSAGES = {
  count: `A multi-city search has ${MIN_MULTI_CITY_SLICES} to ${MAX_MULTI_CITY_SLICES} flights`,
  format: 'Each flight must be written like JFK-LHR-2026-12-20',
  datesInOrder: 'Each flight must leave on or after the day of the flight before it',
  withReturnDate: 'A multi-city search has no return date: give each flight its own date',
} as const;

const TEXT = /^([A-Za-z]{3})-([A-Za-z]{3})-(\d{4}-\d{2}-\d{2})$/;

/**
 * The URL form of the flights: `JFK-LHR-2026-12-20,LHR-CDG-2026-12-23` (one query value, readable
 * and short). Answers undefined when any part is not in that form.
 */
export function parseSlicesText(text: string): SearchLeg[] | undefined {
  const parts = text.split(',').map((part) => part.trim());
  const slices: SearchLeg[] = [];
  for (const part of parts) {
    const match = TEXT.exec(part);
    if (!match) return undefined;
    slices.push({ origin: match[1]!.toUpperCase(), destination: match[2]!.toUpperCase(), departureDate: match[3]! });
  }
  return slices;
}

export function slicesText(slices: readonly SearchLeg[]): string {
  return slices.map((slice) => `${slice.origin}-${slice.destination}-${slice.departureDate}`).join(',');
}

/** The index of the first flight that leaves before the one before it, or -1. */
export function firstSliceOutOfOrder(slices: readonly Pick<SearchLeg, 'departureDate'>[]): number {
  return slices.findIndex((slice, i) => i > 0 && slice.departureDate < slices[i - 1]!.departureDate);
}

interface AnySearch {
  origin: string;
  destination: string;
  departureDate: string;
  returnDate?: string | undefined;
  slices?: readonly SearchLeg[] | undefined;
}

/** Every flight a search asks for, whatever its kind: one way, a return, or multi-city. */
export function searchSlicesOf(search: AnySearch): SearchLeg[] {
  if (search.slices && search.slices.length > 0) return [...search.slices];
  const outbound = { origin: search.origin, destination: search.destination, departureDate: search.departureDate };
  if (!search.returnDate) return [outbound];
  return [outbound, { origin: search.destination, destination: search.origin, departureDate: search.returnDate }];
}

export function isMultiCitySearch(search: { slices?: readonly SearchLeg[] | undefined }): boolean {
  return (search.slices?.length ?? 0) > 0;
}
