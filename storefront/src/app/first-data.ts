import type { AppStore } from './store';

const OFFER_PATH = /^\/flight\/([^/]+)$/;

/** The offer a details (/flight/:id) or booking (/booking?offer=) page shows; undefined elsewhere. */
export function firstPageOffer(location: Pick<Location, 'pathname' | 'search'>): string | undefined {
  const details = OFFER_PATH.exec(location.pathname);
  if (details) {
    try {
      return decodeURIComponent(details[1]!);
    } catch {
      return undefined;
    }
  }
  if (location.pathname !== '/booking') return undefined;
  return new URLSearchParams(location.search).get('offer') || undefined;
}

/**
 * Puts the offer of a details or booking page in `store` (from the call the page's HTML started,
 * src/app/early): under the top of the page the engine rendered (engine/src/http/offer-summary.ts),
 * the app's first screen is then the offer, as that HTML shows it, rather than a loading state.
 * A failed call is kept as the query's error, which the page shows.
 */
export async function loadFirstPageData(store: AppStore, location: Pick<Location, 'pathname' | 'search'>) {
  const offer = firstPageOffer(location);
  if (offer === undefined) return;
  const { flightApi } = await import('../flight/flightApi');
  await store.dispatch(flightApi.endpoints.flightOffer.initiate(offer, { subscribe: false }));
}
