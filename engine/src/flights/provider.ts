import type { FlightOffer, FlightSearchParams, SearchOffer, SeatMapView } from '@contrail/shared';
import type { ProviderSort } from '@contrail/shared/results/sort';
import type { AirlineInitiatedChange } from '@duffel/api/types';
import type { FlightAfterSale } from './after-sale.js';

/** What the provider is asked for: route, dates, cabin and passengers (pages and orders are ours). */
export type FlightSearchQuery = Omit<FlightSearchParams, 'page' | 'limit' | 'sort'>;

/**
 * The flight provider port: Duffel in production, the Duffel sandbox by default. The engine's
 * routes and the booking saga use only this; the adapter never knows which of the two it talks to.
 */
export interface FlightProvider extends FlightAfterSale {
  /** Every offer of a search, cheapest first, in full (tests and tools; the API pages instead). */
  search(query: FlightSearchQuery): Promise<FlightOffer[]>;
  /** Asks the provider for a search's offers; answers the id they are then listed by. */
  startSearch(query: FlightSearchQuery): Promise<string>;
  /**
   * One page of a started search's offers, as search pages list them, ordered by the first
   * criterion of `sort` (price or total duration; ties in the provider's own order), from the
   * cursor a previous page gave.
   */
  listOffers(searchId: string, page: OfferPageRequest): Promise<OfferPage>;
  /** One offer as it stands now; with its available services when asked. */
  getOffer(offerId: string, options?: { withServices?: boolean }): Promise<FlightOffer>;
  /** One seat map per segment; empty when the airline offers none. */
  getSeatMaps(offerId: string): Promise<SeatMapView[]>;
  createOrder(input: CreateOrderInput): Promise<ProviderOrder>;
  getOrder(orderId: string): Promise<ProviderOrder>;
  /**
   * The most recent order whose metadata has `key: value`, looking through the newest orders only.
   * An offer can be booked once, so a retried booking whose first attempt's answer was lost gets
   * `offer_unavailable`; this finds the order that attempt made (put the booking id in metadata).
   */
  findOrderByMetadata(key: string, value: string, options?: { scanLimit?: number }): Promise<ProviderOrder | undefined>;
  /** Orders made since `createdAfter` (newest first, as far as `scanLimit` orders back): the reconciler's view. */
  listOrders(options: { createdAfter: string; scanLimit?: number }): Promise<ProviderOrder[]>;
  /** A cancellation quote (refund amount), to confirm or let expire. */
  quoteCancellation(orderId: string): Promise<ProviderCancellation>;
  /** Pays a hold order (issue 36, Duffel's `air/payments`) its current total; a stale amount is `price_changed`. */
  payOrder(orderId: string, amount: string, currency: string): Promise<ProviderOrderPayment>;
  confirmCancellation(cancellationId: string): Promise<ProviderCancellation>;
  /** The airline's changes to an order's flights (issue #36), oldest first. */
  listAirlineChanges(orderId: string): Promise<AirlineChange[]>;
  /** Accepts an airline's change; a change already acted on is refused (`invalid`). */
  acceptAirlineChange(changeId: string): Promise<AirlineChange>;
}

/** An airline-initiated change as Duffel gives it: the slices it removed and added, and what was done about it. */
export type AirlineChange = AirlineInitiatedChange;

export interface OfferPageRequest {
  sort: ProviderSort;
  /** 1 to 200. */
  limit: number;
  after?: string;
}

export interface OfferPage {
  offers: SearchOffer[];
  /** The cursor of the next page; null after the last one. */
  after: string | null;
}

export interface OrderPassengerInput {
  /** The offer's passenger id. */
  id: string;
  title: 'mr' | 'ms' | 'mrs' | 'miss' | 'dr';
  gender: 'm' | 'f';
  given_name: string;
  family_name: string;
  /** yyyy-MM-dd */
  born_on: string;
  email: string;
  /** E.164, e.g. +442080160509 */
  phone_number: string;
  identity_documents?: Array<{
    type: 'passport';
    unique_identifier: string;
    issuing_country_code: string;
    expires_on: string;
  }>;
  /** On an adult: the offer passenger id of the infant on their lap. */
  infant_passenger_id?: string;
}

export interface CreateOrderInput {
  offerId: string;
  passengers: OrderPassengerInput[];
  /** Bags and seats chosen from the offer's services and seat maps. */
  services?: Array<{ id: string; quantity: number }>;
  /** What we pay the provider: the offer total plus services, in the offer's currency. */
  amount: string;
  currency: string;
  metadata?: Record<string, string>;
  /** `hold`: the airline holds the fare unpaid (no payment is sent), paid later with payOrder (issue 36). */
  type?: 'instant' | 'hold';
}

export interface ProviderOrderPayment {
  id: string;
  amount: string;
  currency: string;
  created_at: string;
}

export interface ProviderOrder {
  id: string;
  booking_reference: string;
  total_amount: string;
  total_currency: string;
  created_at: string;
  cancelled_at: string | null;
  passengers: Array<{ id: string; given_name: string; family_name: string; type: string }>;
  /** What we sent with the order: `booking_id` finds the booking it belongs to. */
  metadata: Record<string, string>;
  /** The provider's whole order, for the booking's record. */
  raw: unknown;
}

export interface ProviderCancellation {
  id: string;
  order_id: string;
  refund_amount: string | null;
  refund_currency: string | null;
  refund_to: string;
  expires_at: string;
  confirmed_at: string | null;
}

export type ProviderErrorKind =
  | 'not_found'
  | 'offer_unavailable'
  | 'price_changed'
  | 'invalid'
  | 'timeout'
  /** Too many requests for now (Duffel's 429): nothing was done, the same call may go again later. */
  | 'rate_limited'
  | 'unavailable';

/** A provider failure, classified so callers can answer without knowing the provider. */
export class FlightProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    /** The provider's HTTP status when it answered. */
    readonly status?: number,
    /** The provider's own error code (e.g. Duffel's `offer_no_longer_available`). */
    readonly providerCode?: string,
    /** On `price_changed`: the offer's new total at the provider, when it could be read. */
    readonly newTotal?: { amount: string; currency: string },
  ) {
    super(message);
    this.name = 'FlightProviderError';
  }
}
