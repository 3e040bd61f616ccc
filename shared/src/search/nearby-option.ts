/**
 * "Include nearby airports" (issue 34), without the airport table, so the search form carries it
 * in its first JS: the radius around each end, as the form says it.
 */
export const NEARBY_AIRPORTS_KM = 150;
export const NEARBY_AIRPORTS_LABEL = `Include nearby airports (within ${NEARBY_AIRPORTS_KM} km)`;
