import { OFFER_EXPIRED_MESSAGE, type Brand, type FlightOffer } from '@contrail/shared';
import type { BagRequest, SeatRequest } from '@contrail/shared/booking/contracts';
import { bagKindOf } from '@contrail/shared/pricing/bags';
import { formatMoney, fromMinorUnits, toMinorUnits, type Money } from '@contrail/shared/booking/money';
import type { Clock } from '../../clock.js';
import type { FlightProvider } from '../../flights/provider.js';
import type { BagRecord, PricingRecord, SeatRecord } from '../domain/events.js';
import { chargeFor } from '../domain/pricing.js';
import { invalidField, Refusal } from '../domain/refusals.js';

/** The engine's price of an offer on a brand, with the chosen seats and bags: what is charged. */
export interface CheckedPrice {
  /** The offer alone (under the brand's pricing rules). */
  offerPrice: Money;
  /** The rule and provider amount that priced it. */
  pricing: PricingRecord;
  seats: SeatRecord[];
  bags: BagRecord[];
  /** The offer, its seats and bags: the amount the card is authorized and charged for. */
  price: Money;
}

/**
 * The one price check of process-card and the booking request: the offer must still be on sale,
 * and it is priced by the engine with its seats (the client never decides the amount, it can only
 * agree with it: see checkAmount).
 */
export async function checkPrice(
  deps: { flights: FlightProvider; clock: Clock },
  offer: FlightOffer,
  brand: Brand,
  seatRequests: readonly SeatRequest[],
  bagRequests: readonly BagRequest[] = [],
): Promise<CheckedPrice> {
  if (Date.parse(offer.expires_at) <= deps.clock.now().getTime())
    throw new Refusal('OFFER_EXPIRED', OFFER_EXPIRED_MESSAGE);
  const [seats, bags] = await Promise.all([
    pricedSeats(deps.flights, offer.id, seatRequests),
    pricedBags(deps.flights, offer, bagRequests),
  ]);
  const { price: offerPrice, pricing } = chargeFor(offer, brand.pricing);
  return { offerPrice, pricing, seats, bags, price: withExtras(offerPrice, [...seats, ...bags]) };
}

/** The offer's price with the seats and bags chosen (at the airline's price). */
export function withExtras(price: Money, extras: ReadonlyArray<{ price: Money }>): Money {
  return {
    amount: price.amount + extras.reduce((sum, extra) => sum + extra.price.amount, 0),
    currency: price.currency,
  };
}

/** A decimal amount as the client sends it, in minor units. */
export const givenAmount = (amount: number, currency: string): Money => ({
  amount: toMinorUnits(amount, currency),
  currency: currency.toUpperCase(),
});

/** An amount the client (or a record) says must be the engine's price, or AMOUNT_MISMATCH names the field and the price. */
export function checkAmount(given: Money, price: Money, path: string): void {
  if (given.amount === price.amount && given.currency.toUpperCase() === price.currency) return;
  const message = `The amount must be the offer's price of ${formatMoney(price)}`;
  throw new Refusal('AMOUNT_MISMATCH', `${path}: ${message}`, {
    errors: [{ path, message }],
    expected: { amount: fromMinorUnits(price.amount, price.currency), currency: price.currency },
  });
}

/**
 * The chosen bags priced from the offer's bag services as they stand now, at the airline's price
 * (bags carry no markup, as seats do not): each a bag service of this offer, for its passengers,
 * never more than its maximum quantity.
 */
async function pricedBags(
  flights: FlightProvider,
  offer: FlightOffer,
  requests: readonly BagRequest[],
): Promise<BagRecord[]> {
  if (requests.length === 0) return [];
  const withServices =
    offer.available_services.length > 0 ? offer : await flights.getOffer(offer.id, { withServices: true });
  const seen = new Set<string>();
  return requests.map((request, index) => {
    const problem = (message: string) => invalidField(`bags.${index}`, message);
    const service = withServices.available_services.find((candidate) => candidate.id === request.serviceId);
    const kind = service ? bagKindOf(service) : null;
    if (!service || !kind) throw problem('No such bag on this offer');
    if (seen.has(service.id)) throw problem('Each bag once, with its quantity');
    seen.add(service.id);
    if (request.quantity > service.maximum_quantity)
      throw problem(`At most ${service.maximum_quantity} of this bag can be added`);
    const currency = service.total_currency.toUpperCase();
    const unit = toMinorUnits(service.total_amount, currency);
    if (!Number.isFinite(unit) || currency !== offer.total_currency.toUpperCase())
      throw problem('This bag has no price in the offer’s currency');
    return {
      serviceId: service.id,
      kind,
      passengerIds: [...service.passenger_ids],
      segmentIds: [...service.segment_ids],
      quantity: request.quantity,
      price: { amount: unit * request.quantity, currency },
    };
  });
}

/**
 * The chosen seats priced from the provider's seat maps as they stand now: the seat's own service
 * for that passenger, at the airline's price (seats carry no markup, as the storefront shows them).
 */
async function pricedSeats(
  flights: FlightProvider,
  offerId: string,
  requests: readonly SeatRequest[],
): Promise<SeatRecord[]> {
  if (requests.length === 0) return [];
  const maps = await flights.getSeatMaps(offerId);
  return requests.map((request, index) => {
    const problem = (message: string) => invalidField(`seats.${index}`, message);
    const map = maps.find((candidate) => candidate.segment_id === request.segmentId);
    if (!map) throw problem('No seat map for this flight');
    const element = map.cabins
      .flatMap((cabin) => cabin.rows)
      .flatMap((row) => row.sections)
      .flatMap((section) => section.elements)
      .find((candidate) => candidate.type === 'seat' && candidate.designator === request.designator);
    const service = element?.available_services?.find(
      (candidate) => candidate.id === request.serviceId && candidate.passenger_id === request.passengerId,
    );
    if (!element || element.available === false || !service)
      throw problem(`Seat ${request.designator} is not available`);
    const currency = service.total_currency.toUpperCase();
    return {
      passengerId: request.passengerId,
      segmentId: request.segmentId,
      designator: request.designator,
      serviceId: service.id,
      price: { amount: toMinorUnits(service.total_amount, currency), currency },
    };
  });
}
