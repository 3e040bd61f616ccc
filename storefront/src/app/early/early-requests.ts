import { firstPageRequest, readResultsSort } from '@contrail/shared/results/results-params';
import { readResultsSearch } from '@contrail/shared/results/search-links';

/** An API call a first page makes as soon as it renders, described before the app runs. */
export interface EarlyRequest {
  method: 'GET' | 'POST';
  /** Absolute, as RTK Query's fetchBaseQuery builds it (the page's origin, then the path). */
  url: string;
  /** The JSON body, exactly as fetchBaseQuery serialises it. */
  body?: string;
}

const OFFER_PATH = /^\/flight\/([^/]+)$/;

const offerUrl = (origin: string, id: string) => `${origin}/api/flights/offer/${encodeURIComponent(id)}`;

/**
 * The calls the page at `location` makes first, which build/prerender-pages.ts starts from the
 * page's HTML beside the app's scripts: the results' first page (searchApi.ts), the offer and its
 * validity on the details (flightApi.ts), the offer on the booking page. The same requests as
 * those endpoints send, so the app takes their answers instead of asking again (early-fetch.ts).
 */
export function earlyRequests(location: Pick<Location, 'origin' | 'pathname' | 'search'>): EarlyRequest[] {
  const { origin, pathname } = location;
  const params = new URLSearchParams(location.search);
  if (pathname === '/search') {
    const search = readResultsSearch(params);
    if (!search) return [];
    const body = JSON.stringify(firstPageRequest(search, readResultsSort(params)));
    return [{ method: 'POST', url: `${origin}/api/flights/search`, body }];
  }
  const offerPath = OFFER_PATH.exec(pathname);
  if (offerPath) {
    let id: string;
    try {
      id = decodeURIComponent(offerPath[1]!);
    } catch {
      return [];
    }
    return [
      { method: 'GET', url: offerUrl(origin, id) },
      { method: 'GET', url: `${origin}/api/flights/verify-offer/${encodeURIComponent(id)}` },
    ];
  }
  const offer = pathname === '/booking' ? params.get('offer') : null;
  return offer ? [{ method: 'GET', url: offerUrl(origin, offer) }] : [];
}
