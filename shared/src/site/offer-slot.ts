import type { SearchOffer } from '../flights/search-offer.js';
import type { BrandPricing } from '../pricing/pricing.js';
import type { PassengerQuery } from '../results/search-links.js';

/**
 * Where an offer page's frame (storefront/build/prerender-pages.ts) takes the top of the page for
 * the offer the engine listed, rendered by the storefront's own components (OFFER_SUMMARY_MODULE).
 */
export const OFFER_SLOT = '<!--offer-summary-->';

/**
 * The server module the storefront's build writes into its folder (a dot folder, never served):
 * `renderOfferSummary` renders the top of an offer's page with the storefront's own components.
 */
export const OFFER_SUMMARY_MODULE = '.server/offer-summary.js';

export type OfferPage = 'flight' | 'booking';

/** An offer the engine listed lately, with the travellers of the search that listed it. */
export interface ListedOffer {
  offer: SearchOffer;
  passengers: PassengerQuery;
}

export interface OfferSummaryContext {
  /** The page address's query (the carried search, the travellers). */
  query: URLSearchParams;
  /** The pricing of the brand the page shows. */
  pricing: BrandPricing;
  now: Date;
}

export type RenderOfferSummary = (listed: ListedOffer, page: OfferPage, context: OfferSummaryContext) => string;
