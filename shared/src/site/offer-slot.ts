/**
 * Where the HTML of an offer's details and booking pages takes the top of the page: the storefront's
 * build leaves it in their frame (storefront/build/prerender-pages.ts), the engine fills it with
 * the offer it listed (engine/src/http/offer-summary.ts).
 */
export const OFFER_SLOT = '<!--offer-summary-->';
