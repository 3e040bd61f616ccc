/**
 * Basic fares (Duffel's fare brand names: "Basic", "Basic Economy", "Economy Light", "Blue Basic"...)
 * sold in economy, where seat selection is often charged or not included. Only these offers get the
 * seat step's Basic Economy notice (issue 20: not on a Business booking).
 */
const BASIC_FARE = /\b(basic|light|lite)\b/i;

interface FareLike {
  slices?: Array<{
    fare_brand_name?: string | null;
    segments?: Array<{ passengers?: Array<{ cabin_class?: string | null }> | null }> | null;
  }> | null;
}

export function isBasicFare(offer: FareLike): boolean {
  return (offer.slices ?? []).some((slice) => {
    const cabins = (slice.segments ?? []).flatMap((segment) => (segment.passengers ?? []).map((p) => p.cabin_class));
    const economy = cabins.length === 0 || cabins.every((cabin) => !cabin || cabin === 'economy');
    return economy && BASIC_FARE.test(slice.fare_brand_name ?? '');
  });
}
