import type { SearchOffer } from '@contrail/shared/flights/search-offer';
import { PREVIOUS_RESULTS_KEY } from '@contrail/shared/results/load-more';
import { LAST_SEARCH_KEY, parseLastSearch, type ResultsSearch } from '@contrail/shared/results/search-links';

/** Storage can be full or switched off (private windows); the page must work either way. */
function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Kept in memory only (see `memory` below).
  }
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Seed 000 §3/§4: the last valid search, read back by the details page's back button. */
export function saveLastSearch(search: ResultsSearch): void {
  write(LAST_SEARCH_KEY, JSON.stringify(search));
}

export function loadLastSearch(): ResultsSearch | null {
  return parseLastSearch(read(LAST_SEARCH_KEY));
}

interface PreviousResults {
  /** Which search the offers belong to, so another search never merges with them. */
  searchKey: string;
  offers: SearchOffer[];
}

// Hundreds of offers can outgrow the storage quota; this copy still serves this tab.
let memory: PreviousResults | null = null;

/** Seed 000 §4 step 1: the offers shown before a load-more, stored locally as previousResults. */
export function savePreviousResults(searchKey: string, offers: SearchOffer[]): void {
  memory = { searchKey, offers };
  write(PREVIOUS_RESULTS_KEY, JSON.stringify(memory));
}

export function loadPreviousResults(searchKey: string): SearchOffer[] {
  if (memory?.searchKey === searchKey) return memory.offers;
  const stored = read(PREVIOUS_RESULTS_KEY);
  if (!stored) return [];
  try {
    const parsed = JSON.parse(stored) as Partial<PreviousResults>;
    return parsed.searchKey === searchKey && Array.isArray(parsed.offers) ? parsed.offers : [];
  } catch {
    return [];
  }
}

export function clearPreviousResults(): void {
  memory = null;
  try {
    window.localStorage.removeItem(PREVIOUS_RESULTS_KEY);
  } catch {
    // Nothing stored.
  }
}
