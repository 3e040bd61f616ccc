/**
 * Duffel's documented test routes, reproduced so anyone who knows Duffel's test mode can use the
 * sandbox the same way.
 */
const route = (origin: string, destination: string) => `${origin}-${destination}`;

/** No airline flies it: the search succeeds with no offers. */
export const NO_OFFERS = new Set([route('PVD', 'RAI')]);
/** Offers that can be held (pay later). */
export const HOLD_ELIGIBLE = new Set([route('JFK', 'EWR')]);
/** Only connecting itineraries. */
export const CONNECTIONS_ONLY = new Set([route('LHR', 'DXB')]);
/** No bags included nor sold. */
export const NO_BAGS = new Set([route('BTS', 'MRU')]);
/** The search times out (a 504, since the client has no timeout of its own). */
export const TIMES_OUT = new Set([route('STN', 'LHR')]);
/** A stop inside a segment (a technical stop). */
export const STOP_IN_SEGMENT = new Set([route('DXB', 'AMS')]);

export const routeKey = route;
