/**
 * Duffel's documented test routes, reproduced so anyone who knows Duffel's test mode can use the
 * sandbox the same way.
 */
const route = (origin: string, destination: string) => `${origin}-${destination}`;

/** No airline flies it: the search succeeds with no offers. */
export const NO_OFFERS = new Set([route('PVD', 'RAI')]);
/** Offers that can be held (pay later). */
export const HOLD_ELIGIBLE = new Set([route('JFK', 'EWR')]);
/**
 * Duffel's "LHR→DXB connections": connecting itineraries are always among the offers (whatever
 * max_connections asks), beside the non-stops the real route has (Emirates, British Airways).
 */
export const CONNECTIONS_INCLUDED = new Set([route('LHR', 'DXB')]);
/** No bags included nor sold. */
export const NO_BAGS = new Set([route('BTS', 'MRU')]);
/** The search times out (a 504, since the client has no timeout of its own). */
export const TIMES_OUT = new Set([route('STN', 'LHR')]);
/** A stop inside a segment (a technical stop). */
export const STOP_IN_SEGMENT = new Set([route('DXB', 'AMS')]);

// Our own test routes, for order refusals Duffel's test mode gives only at random (README.md).
/** Ordering any offer answers 422 `offer_no_longer_available`: it sold out while being booked. */
export const SELLS_OUT_ON_ORDER = new Set([route('BHX', 'DUB')]);
/** The first order of an offer answers 422 `price_changed`: the offer now costs PRICE_RISE times as much, and an order at that total goes through. */
export const PRICE_RISES_ON_ORDER = new Set([route('EDI', 'AMS')]);
export const PRICE_RISE = 1.1;

export const routeKey = route;
