import { fromMinorUnits } from '../booking/money.js';
import { priceWithBags } from '../pricing/bags-price.js';
import type { PricingContext } from '../pricing/price-offer.js';
import type { FlightCondition, FlightOffer, FlightSlice } from './offer.js';
import type { SearchOffer } from './search-offer.js';

/*
 * Fare brands side by side (issue 35): the offers of a search that fly the same flights under
 * different fare brands (Basic / Standard / Flex, or the carrier's names), compared column by
 * column: bags, seat choice, changes and refunds with their penalties, and the price difference.
 */

/** The same flights (each segment's flight number and departure), whatever the fare brand. */
export function sameFlightsKey(offer: Pick<SearchOffer, 'slices'>): string {
  return offer.slices
    .map((slice) => slice.segments.map((segment) => `${segment.flight_number}@${segment.departing_at}`).join('+'))
    .join('|');
}

/** The offers flying the same flights as `chosen` (itself included), in their order. */
export function sameFlights<T extends Pick<SearchOffer, 'id' | 'slices'>>(chosen: T, offers: readonly T[]): T[] {
  const key = sameFlightsKey(chosen);
  return offers.filter((offer) => offer.id === chosen.id || sameFlightsKey(offer) === key);
}

/** What a fare brand gives on one slice. */
export interface BrandSlice {
  /** "New York to London". */
  route: string;
  brand: string;
  /** Bags every seated passenger may bring on every flight of the slice, besides a personal item. */
  checkedBags: number;
  cabinBags: number;
  /** Seats may be chosen before check-in; null when the airline does not say. */
  seatChoice: boolean | null;
}

export interface FareBrandColumn {
  offerId: string;
  /** The brand's name; both names when the slices differ ("Basic / Standard"). */
  name: string;
  /** One per slice when they differ, else one for the whole trip. */
  slices: BrandSlice[];
  perSlice: boolean;
  refund: FlightCondition | null;
  change: FlightCondition | null;
  /** The traveller's price (brand pricing, with the context's bags), in currency units; NaN when unknown. */
  price: number;
  /** With bags asked for: whether this brand can carry them (its price then includes them); else null. */
  carriesBags: boolean | null;
  currency: string;
  /** Against the chosen offer's price, in currency units (0 for the chosen one). */
  difference: number;
  chosen: boolean;
}

function seatedIds(offer: FlightOffer): Set<string> {
  return new Set(offer.passengers.filter((each) => each.type !== 'infant_without_seat').map((each) => each.id));
}

/** The fewest bags of a kind any seated passenger has on any flight of the slice (what all can count on). */
function includedOnSlice(slice: FlightSlice, seated: Set<string>, kind: 'checked' | 'carry_on'): number {
  const counts = slice.segments.flatMap((segment) =>
    segment.passengers
      .filter((passenger) => seated.has(passenger.passenger_id))
      .map((passenger) =>
        passenger.baggages.filter((bag) => bag.type === kind).reduce((sum, bag) => sum + Math.max(0, bag.quantity), 0),
      ),
  );
  return counts.length === 0 ? 0 : Math.min(...counts);
}

function brandSlice(slice: FlightSlice, seated: Set<string>): BrandSlice {
  return {
    route: `${slice.origin.city_name || slice.origin.iata_code} to ${slice.destination.city_name || slice.destination.iata_code}`,
    brand: slice.fare_brand_name ?? 'Fare',
    checkedBags: includedOnSlice(slice, seated, 'checked'),
    cabinBags: includedOnSlice(slice, seated, 'carry_on'),
    seatChoice: slice.seat_selection,
  };
}

const sameGifts = (a: BrandSlice, b: BrandSlice) =>
  a.brand === b.brand &&
  a.checkedBags === b.checkedBags &&
  a.cabinBags === b.cabinBags &&
  a.seatChoice === b.seatChoice;

function priceOf(offer: FlightOffer, context: PricingContext): { price: number; carriesBags: boolean | null } {
  const priced = priceWithBags(offer, context);
  if (!priced) return { price: Number.NaN, carriesBags: null };
  return { price: fromMinorUnits(priced.amount, priced.currency), carriesBags: priced.bags?.carried ?? null };
}

/**
 * One column per fare brand of the same flights, cheapest first: each slice's brand, included bags
 * and seat choice (one entry for the trip when every slice gives the same), the changes and refunds
 * with their penalties, and the price against the chosen offer's (with the traveller's bags, when
 * the context has some: the same price the cards show).
 */
export function fareBrandColumns(
  offers: readonly FlightOffer[],
  chosenId: string,
  context: PricingContext,
): FareBrandColumn[] {
  const chosen = offers.find((offer) => offer.id === chosenId);
  if (!chosen) return [];
  const base = priceOf(chosen, context).price;
  return sameFlights(chosen, offers)
    .map((offer): FareBrandColumn => {
      const seated = seatedIds(offer);
      const slices = offer.slices.map((slice) => brandSlice(slice, seated));
      const perSlice = slices.some((slice) => !sameGifts(slice, slices[0]!));
      const { price, carriesBags } = priceOf(offer, context);
      return {
        offerId: offer.id,
        name: [...new Set(slices.map((slice) => slice.brand))].join(' / '),
        slices: perSlice ? slices : slices.slice(0, 1),
        perSlice,
        refund: offer.conditions.refund_before_departure,
        change: offer.conditions.change_before_departure,
        price,
        carriesBags,
        currency: offer.total_currency,
        difference: price - base,
        chosen: offer.id === chosenId,
      };
    })
    .sort((a, b) => a.price - b.price || a.offerId.localeCompare(b.offerId));
}

/** "Free", "$75 fee" or "Not allowed" (penalties as the airline states them). */
export function conditionLabel(
  condition: FlightCondition | null,
  format: (amount: number, currency: string) => string,
): string {
  if (!condition) return 'Ask the airline';
  if (!condition.allowed) return 'Not allowed';
  const penalty = Number.parseFloat(condition.penalty_amount ?? '0');
  if (!Number.isFinite(penalty) || penalty <= 0) return 'Free';
  return `${format(penalty, condition.penalty_currency ?? 'USD')} fee`;
}
