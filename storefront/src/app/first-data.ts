import type { flightApi } from '../flight/flightApi';
import { api } from './api';
import type { AppStore } from './store';

/**
 * A validity answer asked this recently is still this visit's: the one asked with the details
 * page's offer before the app's first render (below). Older, the page asks again.
 */
export const VALIDITY_REUSE_SECONDS = 30;

/** The first render waits this long at most for the offer: a slow answer must not leave the page inert. */
export const FIRST_DATA_WAIT_MS = 3_000;

const OFFER_PATH = /^\/flight\/([^/]+)$/;

type FirstPage = { page: 'details' | 'booking'; offer: string } | undefined;

/** The offer a details (/flight/:id) or booking (/booking?offer=) page shows; undefined elsewhere. */
export function firstPageOffer(location: Pick<Location, 'pathname' | 'search'>): FirstPage {
  const details = OFFER_PATH.exec(location.pathname);
  if (details) {
    try {
      return { page: 'details', offer: decodeURIComponent(details[1]!) };
    } catch {
      return undefined;
    }
  }
  const offer = location.pathname === '/booking' ? new URLSearchParams(location.search).get('offer') : null;
  return offer ? { page: 'booking', offer } : undefined;
}

/**
 * Puts the offer of a details or booking page in `store`, and the details page's validity (from
 * the calls the page's HTML started, src/app/early): under the top of the page the engine rendered
 * (src/app/server/offer-summary.tsx), the app's first screen is then the offer, as that HTML
 * shows it, rather than a loading state. A failed call is the page's to show (it asks again). Called once
 * the page's module is loaded (main.tsx), which adds the flight endpoints to the one API
 * (flight/flightApi.ts): no other first page carries them.
 */
export async function loadFirstPageData(
  store: AppStore,
  location: Pick<Location, 'pathname' | 'search'>,
  maxWaitMs = FIRST_DATA_WAIT_MS,
) {
  const first = firstPageOffer(location);
  const { endpoints } = api as unknown as typeof flightApi;
  if (!first || !endpoints.flightOffer) return;
  const offer = store.dispatch(endpoints.flightOffer.initiate(first.offer, { subscribe: false }));
  let loaded: Promise<unknown> = offer;
  if (first.page === 'details') {
    // The validity is kept only while used: held here until the page has taken it over.
    const validity = store.dispatch(endpoints.verifyOffer.initiate(first.offer));
    setTimeout(() => validity.unsubscribe(), VALIDITY_REUSE_SECONDS * 1000);
    loaded = Promise.all([offer, validity]);
  }
  // Past the bound the app renders anyway: the page shows its loading state and takes the answer when it comes.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, maxWaitMs)));
  await Promise.race([loaded, bound]);
  clearTimeout(timer);
}
