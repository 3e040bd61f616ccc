import { customerAmount, type PricingContext } from '@contrail/shared/pricing/price-offer';
import type { SearchOffer } from '@contrail/shared/flights/search-offer';
import { isDisplayableOffer } from '@contrail/shared/results/offer-facts';
import { stopsLabel } from '@contrail/shared/results/stops';
import { dealPricesFromSale, type DealPrices } from '@contrail/shared/search/deals';

/** What a deal card promises, read from the cheapest offer of its search. */
export interface DealOffer {
  prices: DealPrices;
  airline: string;
  /** "Non-stop", or the most stops of any slice ("1 stop"). */
  stops: string;
}

/** The cheapest shown offer (what the results list first, sorted by price), or undefined. */
export function cheapestOffer(offers: readonly SearchOffer[]): SearchOffer | undefined {
  return offers
    .filter(isDisplayableOffer)
    .reduce<SearchOffer | undefined>(
      (cheapest, offer) =>
        cheapest === undefined || Number(offer.total_amount) < Number(cheapest.total_amount) ? offer : cheapest,
      undefined,
    );
}

/** The card's price is the price travellers see on that offer (whole dollars), airline and stops its own. */
export function dealOffer(offers: readonly SearchOffer[], pricing: PricingContext): DealOffer | undefined {
  const offer = cheapestOffer(offers);
  if (!offer) return undefined;
  const price = customerAmount(offer, pricing);
  if (!Number.isFinite(price) || price <= 0) return undefined;
  const mostSegments = Math.max(...offer.slices.map((slice) => slice.segments.length));
  return {
    prices: dealPricesFromSale(price),
    airline: offer.owner?.name ?? offer.slices[0]!.segments[0]!.marketing_carrier.name,
    stops: stopsLabel(mostSegments),
  };
}
