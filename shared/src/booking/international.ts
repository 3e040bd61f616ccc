/**
 * Whether an offer is international, so passports are required (seed 001 §5): identity documents
 * flagged required; or a route between JFK and LHR; or origin and destination countries differing
 * in a slice or a segment. Reads both the seed's `country_code` and Duffel's `iata_country_code`.
 */
export interface PlaceLike {
  iata_code?: string | null;
  country_code?: string | null;
  iata_country_code?: string | null;
}

export interface LegLike {
  origin?: PlaceLike | null;
  destination?: PlaceLike | null;
}

export interface SliceLike extends LegLike {
  segments?: LegLike[] | null;
}

export interface OfferLike {
  passenger_identity_documents_required?: boolean | null;
  slices?: SliceLike[] | null;
}

/** What the passenger step says when passports are required (seed 001 §5). */
export const PASSPORT_BANNER =
  'Passport details are required for this international flight. Please make sure every passport is valid for at least 6 months after travel.';

const PASSPORT_ROUTE = new Set(['JFK', 'LHR']);

function countryOf(place: PlaceLike | null | undefined): string | undefined {
  const code = place?.country_code ?? place?.iata_country_code;
  return code ? code.toUpperCase() : undefined;
}

function isJfkLhr(leg: LegLike): boolean {
  const from = leg.origin?.iata_code?.toUpperCase();
  const to = leg.destination?.iata_code?.toUpperCase();
  return from !== to && PASSPORT_ROUTE.has(from ?? '') && PASSPORT_ROUTE.has(to ?? '');
}

function crossesBorder(leg: LegLike): boolean {
  const from = countryOf(leg.origin);
  const to = countryOf(leg.destination);
  return from !== undefined && to !== undefined && from !== to;
}

export function isInternationalOffer(offer: OfferLike): boolean {
  if (offer.passenger_identity_documents_required === true) return true;
  const legs = (offer.slices ?? []).flatMap((slice) => [slice, ...(slice.segments ?? [])]);
  return legs.some((leg) => isJfkLhr(leg) || crossesBorder(leg));
}

/** The local day the offer's last flight lands ("YYYY-MM-DD"), or undefined when unknown. */
export function lastFlightDate(offer: {
  slices?: Array<{ segments?: Array<{ arriving_at?: string | null }> | null }> | null;
}): string | undefined {
  const arrivals = (offer.slices ?? []).flatMap((slice) =>
    (slice.segments ?? []).map((segment) => segment.arriving_at),
  );
  const last = arrivals
    .filter((value): value is string => typeof value === 'string' && value.length >= 10)
    .sort()
    .at(-1);
  return last?.slice(0, 10);
}
