import { randomBytes } from 'node:crypto';
import { airlines, airportByIata, airports, hasDeparted } from '@contrail/shared';
import { searchAirports } from '@contrail/shared/search/airport-search';
import type { Clock } from '../clock.js';
import type {
  Airline,
  Airport,
  Offer,
  OfferRequest,
  OfferAvailableServiceBaggage,
  Order,
  OrderCancellation,
  Payment,
  Places,
  SeatMap,
} from '@duffel/api/types';
import { DuffelApiError, invalid, notFound } from './errors.js';
import { DuffelFaults } from './faults.js';
import { readOfferRequest } from './offer-requests.js';
import { SearchOffers } from './offers.js';
import { buildOrder, readOrderRequest } from './orders.js';
import {
  changeOffersFor,
  changeSearch,
  checkChangeable,
  confirmChange,
  pendingChange,
  readChangePayment,
  readChangeRequest,
  type SandboxChangeOffer,
  type SandboxOrderChange,
  type StoredChangeOffer,
} from './order-changes.js';
import { addServices, orderAvailableServices, readAddServices } from './order-services.js';
import { pageMeta, pageOf, pageStart, type Page, type PageQuery } from './paging.js';
import { payOrder, readPaymentRequest } from './payments.js';
import { readMetadataUpdate } from './order-metadata.js';
import { duffelAirline, duffelAirport, duffelPlace } from './places.js';
import { DuffelRateLimits, type RateLimit, type RateLimitState } from './rate-limit.js';
import { searchPassengers } from './passengers.js';
import {
  decodeSearch,
  encodeSearch,
  offerId,
  offerRequestId,
  parseOfferId,
  parseOfferRequestId,
  type SandboxSearch,
} from './request-codec.js';
import { PRICE_RISE, PRICE_RISES_ON_ORDER, routeKey, SELLS_OUT_ON_ORDER } from './scenario-routes.js';
import { seatMapsFor } from './seat-maps.js';
import { orderSeatMaps } from './order-seat-maps.js';
import { SandboxAirlineChanges } from './airline-change-desk.js';
import { cancelChanges, pendingChanges } from './airline-changes.js';
import { MemoryDuffelSandboxStore, type DuffelSandboxStore } from './store.js';

// A search's offers are built as they are listed (a few MB for all 200); regenerating them costs ~10 ms.
const CACHED_SEARCHES = 16;
/** Searches write nothing to storage (they stay fast): a sandbox lists the offer requests it made itself, the latest. */
const LISTED_OFFER_REQUESTS = 1_000;
const CANCELLATION_QUOTE_MS = 15 * 60_000;

export interface ListOffersQuery extends PageQuery {
  sort?: string | undefined;
  maxConnections?: number | undefined;
}

const cents = (amount: string) => Math.round(Number.parseFloat(amount) * 100);
const money = (value: number) => (value / 100).toFixed(2);

const priceChanged = (offer: Offer) =>
  new DuffelApiError(
    422,
    'invalid_state_error',
    'price_changed',
    'Price changed',
    `The price of this offer has changed to ${offer.total_amount} ${offer.total_currency}`,
  );

/** An offer as an offer request carries it: Duffel's `Omit<Offer, 'available_services'>`. */
function withoutServices({ available_services: _services, ...offer }: Offer): Omit<Offer, 'available_services'> {
  return offer;
}

const offerGone = () =>
  new DuffelApiError(
    422,
    'invalid_state_error',
    'offer_no_longer_available',
    'Offer no longer available',
    'The offer is no longer available: search again',
  );

export interface DuffelSandboxOptions {
  /** Every token's requests per window (DEFAULT_RATE_LIMIT when absent; DUFFEL_SANDBOX_RATELIMIT in the composition roots). */
  rateLimit?: RateLimit;
}

/**
 * A local, deterministic stand-in for Duffel's flights API: offers regenerate from their ids (no
 * shared state needed to read them); orders and cancellations live in the store (SQL in the engine).
 */
export class DuffelSandbox {
  readonly faults = new DuffelFaults();
  /**
   * Requests per token and window: `options.rateLimit`, else generous; `rateLimits.set(...)` to
   * make them bite.
   */
  readonly rateLimits: DuffelRateLimits;
  /** Airline-initiated changes of booked orders, and the control that makes one (airline-change-desk.ts). */
  readonly airlineChanges: SandboxAirlineChanges;
  readonly #searches = new Map<string, SearchOffers>();
  readonly #offerRequestIds: string[] = [];

  constructor(
    private readonly clock: Clock,
    private readonly store: DuffelSandboxStore = new MemoryDuffelSandboxStore(),
    options: DuffelSandboxOptions = {},
  ) {
    this.rateLimits = new DuffelRateLimits(options.rateLimit);
    this.airlineChanges = new SandboxAirlineChanges(clock, store);
  }

  #offersOf(encoded: string): SearchOffers | undefined {
    const cached = this.#searches.get(encoded);
    if (cached) return cached;
    const search = decodeSearch(encoded);
    if (!search) return undefined;
    const offers = new SearchOffers(search, encoded);
    if (this.#searches.size >= CACHED_SEARCHES) this.#searches.delete(this.#searches.keys().next().value!);
    this.#searches.set(encoded, offers);
    return offers;
  }

  /** The offer as it stands now, with any injected expiry or price change. */
  #currentOffer(id: string): { offer: Offer; originalTotal: string } {
    const parsed = parseOfferId(id);
    const offer = parsed && this.#offersOf(parsed.encoded)?.offer(parsed.index);
    if (!offer) throw notFound('offer');
    return this.#withFaults(offer);
  }

  /** The route's repricing (faults.changeRoutePrice), times any of the offer's own. */
  #priceFactor(offer: Offer): number | undefined {
    const own = this.faults.priceChanges.get(offer.id);
    if (this.faults.routePriceChanges.size === 0) return own;
    const slice = offer.slices[0];
    const route = slice && `${slice.origin.iata_code}-${slice.destination.iata_code}`;
    const routeFactor = route === undefined ? undefined : this.faults.routePriceChanges.get(route);
    return routeFactor === undefined ? own : routeFactor * (own ?? 1);
  }

  #withFaults(offer: Offer): { offer: Offer; originalTotal: string } {
    const id = offer.id;
    const factor = this.#priceFactor(offer);
    let current = offer;
    if (factor !== undefined) {
      const tax = cents(offer.tax_amount ?? '0');
      const total = Math.round(cents(offer.total_amount) * factor);
      current = { ...offer, total_amount: money(total), base_amount: money(total - tax) };
    }
    if (this.faults.expiredOffers.has(id)) {
      current = { ...current, expires_at: new Date(this.clock.now().getTime() - 1000).toISOString() };
    }
    return { offer: current, originalTotal: offer.total_amount };
  }

  /** Counts a request of the token against its rate limit. */
  countRequest(token: string): RateLimitState {
    return this.rateLimits.take(token, this.clock.now().getTime());
  }

  createOfferRequest(body: unknown, returnOffers: boolean): OfferRequest {
    const search = readOfferRequest(body, this.clock.now(), randomBytes(4).toString('hex'));
    const encoded = encodeSearch(search);
    if (this.#offerRequestIds.unshift(offerRequestId(encoded)) > LISTED_OFFER_REQUESTS) this.#offerRequestIds.pop();
    return this.#offerRequest(encoded, search, returnOffers);
  }

  /** The offer requests this sandbox made, newest first, without their offers (as Duffel lists them). */
  listOfferRequests(query: PageQuery): Page<OfferRequest> {
    const page = pageOf(this.#offerRequestIds, query);
    const requests = page.data.map((id) => {
      const encoded = parseOfferRequestId(id)!;
      return this.#offerRequest(encoded, decodeSearch(encoded)!, false);
    });
    return { ...page, data: requests };
  }

  getOfferRequest(id: string): OfferRequest {
    const encoded = parseOfferRequestId(id);
    const search = encoded && decodeSearch(encoded);
    if (!encoded || !search) throw notFound('offer request');
    return this.#offerRequest(encoded, search, true);
  }

  #offerRequest(encoded: string, search: SandboxSearch, returnOffers: boolean): OfferRequest {
    const offers = this.#offersOf(encoded)!;
    return {
      id: offerRequestId(encoded),
      live_mode: false,
      created_at: new Date(search.createdAtMs).toISOString(),
      cabin_class: search.cabin,
      slices: search.slices.map((slice) => {
        const origin = duffelPlace(slice.origin);
        const destination = duffelPlace(slice.destination);
        return {
          origin,
          destination,
          origin_type: origin.type,
          destination_type: destination.type,
          departure_date: slice.departureDate,
        };
      }),
      passengers: searchPassengers(search).map((passenger) => ({
        id: passenger.id,
        type: passenger.kind,
        ...(passenger.age !== null && { age: passenger.age }),
      })),
      // As Duffel's, an offer request's offers carry no available_services; unlike Duffel's, the
      // lists of GET air/offers do (listOffers), so a search can filter on baggage.
      offers: returnOffers ? offers.all().map((offer) => withoutServices(this.#withFaults(offer).offer)) : [],
    };
  }

  listOffers(offerRequestIdText: string, query: ListOffersQuery): Page<Offer> {
    const encoded = parseOfferRequestId(offerRequestIdText);
    const all = encoded ? this.#offersOf(encoded) : undefined;
    if (!encoded || !all) throw notFound('offer request');
    // Listed by index: only the offers of the page are built.
    let indexes = Array.from({ length: all.count }, (_, index) => index);
    if (query.maxConnections !== undefined) {
      indexes = indexes.filter((index) => all.connections(index) <= query.maxConnections!);
    }
    if (query.sort) {
      const descending = query.sort.startsWith('-');
      const key = query.sort.replace(/^-/, '');
      if (key !== 'total_amount' && key !== 'total_duration')
        throw invalid('sort', "Field 'sort' must be total_amount or total_duration");
      const priceChanged = (index: number) =>
        this.faults.routePriceChanges.size > 0 ||
        (this.faults.priceChanges.size > 0 && this.faults.priceChanges.has(offerId(encoded, index)));
      const value = (index: number) =>
        key === 'total_duration'
          ? all.totalMinutes(index)
          : priceChanged(index)
            ? cents(this.#withFaults(all.offer(index)!).offer.total_amount)
            : all.totalCents(index);
      const values = new Map(indexes.map((index) => [index, value(index)]));
      indexes = [...indexes].sort((a, b) =>
        descending ? values.get(b)! - values.get(a)! : values.get(a)! - values.get(b)!,
      );
    }
    const page = pageOf(indexes, query);
    return { data: page.data.map((index) => this.#withFaults(all.offer(index)!).offer), meta: page.meta };
  }

  async getOffer(id: string, withServices: boolean): Promise<Offer> {
    const { offer } = await this.#unsoldOffer(id);
    return withServices ? offer : { ...offer, available_services: [] };
  }

  async seatMaps(offerId: string): Promise<SeatMap[]> {
    return seatMapsFor((await this.#unsoldOffer(offerId)).offer).seatMaps;
  }

  /** As on Duffel, an offer is sold once: once ordered it is no longer available to anyone. */
  async #unsoldOffer(id: string): Promise<{ offer: Offer; originalTotal: string }> {
    const current = this.#currentOffer(id);
    if (await this.store.isBooked(current.offer.id)) throw offerGone();
    return current;
  }

  async createOrder(body: unknown): Promise<Order> {
    const request = readOrderRequest(body);
    const { offer, originalTotal } = await this.#unsoldOffer(request.offerId);
    const now = this.clock.now();
    if (Date.parse(offer.expires_at) <= now.getTime() || hasDeparted(offer, now)) throw offerGone();
    const order = buildOrder(request, offer, originalTotal, seatMapsFor(offer).services, now);
    this.#testRouteOnOrder(offer);
    if (!(await this.store.insertOrder(order, offer.id))) throw offerGone();
    return order;
  }

  /** Duffel's test inputs for an order's refusals: the offer sells out, or its price rises, while it is ordered. */
  #testRouteOnOrder(offer: Offer): void {
    const first = offer.slices[0]!;
    const route = routeKey(first.origin.iata_code ?? '', first.destination.iata_code ?? '');
    if (SELLS_OUT_ON_ORDER.has(route)) throw offerGone();
    if (PRICE_RISES_ON_ORDER.has(route) && !this.faults.priceChanges.has(offer.id)) {
      // Kept as a price change: fetched again, the offer shows the new total, and an order at it goes through.
      this.faults.changePrice(offer.id, PRICE_RISE);
      throw priceChanged(this.#currentOffer(offer.id).offer);
    }
  }

  async getOrder(id: string): Promise<Order> {
    const order = await this.store.getOrder(id);
    if (!order) throw notFound('order');
    return order;
  }

  /** Orders newest first, paginated like every Duffel list. */
  async listOrders(query: PageQuery): Promise<Page<Order>> {
    const start = pageStart(query);
    const page = await this.store.listOrders(start, query.limit + 1);
    return { data: page.slice(0, query.limit), meta: pageMeta(query, start, start + page.length) };
  }

  /** The order's metadata replaced (`PATCH air/orders/:id`). */
  async updateOrder(id: string, body: unknown): Promise<Order> {
    const metadata = readMetadataUpdate(body);
    const updated = { ...(await this.getOrder(id)), metadata };
    await this.store.updateOrder(updated);
    return updated;
  }

  /** A hold order paid from the balance (`POST air/payments`): at its current total, else `price_changed`. */
  async createPayment(body: unknown): Promise<Payment> {
    const request = readPaymentRequest(body);
    const { order, payment } = payOrder(await this.#repriced(request.orderId), request, this.clock.now());
    await this.store.updateOrder(order);
    return payment;
  }

  /** The order, its total changed first when a test planned it (DuffelFaults.changeOrderPrice), once. */
  async #repriced(orderId: string): Promise<Order> {
    const order = await this.getOrder(orderId);
    const factor = this.faults.orderPriceChanges.get(orderId);
    if (factor === undefined || !order.payment_status.awaiting_payment) return order;
    this.faults.orderPriceChanges.delete(orderId);
    const repriced = { ...order, total_amount: (Number(order.total_amount) * factor).toFixed(2) };
    await this.store.updateOrder(repriced);
    return repriced;
  }

  /** A cancellation quote: refundable fares give back the total less the penalty, others the taxes. */
  async createCancellation(body: unknown): Promise<OrderCancellation> {
    const data = (body as { data?: { order_id?: unknown } } | undefined)?.data;
    if (typeof data?.order_id !== 'string')
      throw invalid('order_id', "Field 'order_id' can't be blank", 'validation_required');
    const order = await this.getOrder(data.order_id);
    if (order.cancelled_at) {
      throw new DuffelApiError(
        422,
        'invalid_state_error',
        'order_already_cancelled',
        'Order already cancelled',
        'This order has already been cancelled',
      );
    }
    const refund = order.conditions.refund_before_departure;
    // The airline changed the trip and nobody answered yet: cancelling is refunded in full.
    const refundCents = pendingChanges(order).length
      ? cents(order.total_amount)
      : refund?.allowed
        ? Math.max(0, cents(order.total_amount) - cents(refund.penalty_amount ?? '0'))
        : cents(order.tax_amount ?? '0');
    const now = this.clock.now();
    const cancellation: OrderCancellation = {
      id: `ore_${randomBytes(11).toString('hex')}`,
      order_id: order.id,
      live_mode: false,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + CANCELLATION_QUOTE_MS).toISOString(),
      confirmed_at: null as unknown as string,
      refund_amount: money(refundCents),
      refund_currency: order.total_currency,
      refund_to: order.payment_status.awaiting_payment ? 'awaiting_payment' : 'balance',
      airline_credits: [],
    };
    await this.store.putCancellation(cancellation);
    return cancellation;
  }

  /** Cancellations newest first, of one order when asked. */
  async listCancellations(query: PageQuery & { orderId?: string | undefined }): Promise<Page<OrderCancellation>> {
    const start = pageStart(query);
    const page = await this.store.listCancellations(start, query.limit + 1, query.orderId);
    return { data: page.slice(0, query.limit), meta: pageMeta(query, start, start + page.length) };
  }

  async getCancellation(id: string): Promise<OrderCancellation> {
    const cancellation = await this.store.getCancellation(id);
    if (!cancellation) throw notFound('order cancellation');
    return cancellation;
  }

  async confirmCancellation(id: string): Promise<OrderCancellation> {
    const cancellation = await this.getCancellation(id);
    if (cancellation.confirmed_at) {
      throw new DuffelApiError(
        422,
        'invalid_state_error',
        'already_confirmed',
        'Already confirmed',
        'This cancellation has already been confirmed',
      );
    }
    const now = this.clock.now();
    if (Date.parse(cancellation.expires_at) <= now.getTime()) {
      throw new DuffelApiError(
        422,
        'invalid_state_error',
        'order_cancellation_expired',
        'Quote expired',
        'This cancellation quote has expired: request a new one',
      );
    }
    const order = await this.getOrder(cancellation.order_id);
    if (order.cancelled_at) {
      throw new DuffelApiError(
        422,
        'invalid_state_error',
        'order_already_cancelled',
        'Order already cancelled',
        'This order has already been cancelled',
      );
    }
    const confirmed = { ...cancellation, confirmed_at: now.toISOString() };
    await this.store.putCancellation(confirmed);
    await this.store.updateOrder({
      ...cancelChanges(order, now),
      cancelled_at: confirmed.confirmed_at,
      cancellation: confirmed,
      available_actions: [],
    });
    return confirmed;
  }

  /** The offer an order's flights are sold from now: the booked one, or the last change's. */
  async #offerOfOrder(order: Order): Promise<Offer> {
    const changedTo = await this.store.getRecord<{ offerId: string }>('order_offer', order.id);
    const offerIdOfOrder = changedTo?.offerId ?? (await this.store.bookedOfferOf(order.id));
    const parsed = offerIdOfOrder ? parseOfferId(offerIdOfOrder) : undefined;
    const offer = parsed && this.#offersOf(parsed.encoded)?.offer(parsed.index);
    if (!offer) throw notFound('order services');
    return offer;
  }

  /** `GET air/orders/:id/available_services`: the bags the order may still add. */
  async orderAvailableServices(orderId: string): Promise<OfferAvailableServiceBaggage[]> {
    const order = await this.getOrder(orderId);
    return orderAvailableServices(order, await this.#offerOfOrder(order));
  }

  /** `GET air/seat_maps?order_id=`: the order's seat maps, the seats it holds unavailable. */
  async orderSeatMaps(orderId: string): Promise<SeatMap[]> {
    const order = await this.getOrder(orderId);
    return orderSeatMaps(order, await this.#offerOfOrder(order)).seatMaps;
  }

  /** `POST air/orders/:id/services`: bags or seats added to a paid order, paid from the balance at their total. */
  async addOrderServices(orderId: string, body: unknown): Promise<Order> {
    const request = readAddServices(body);
    const order = await this.getOrder(orderId);
    const offer = await this.#offerOfOrder(order);
    const seats = orderSeatMaps(order, offer).services;
    const updated = addServices(order, orderAvailableServices(order, offer), request, seats);
    await this.store.updateOrder(updated);
    return updated;
  }

  /** `POST air/order_change_requests`: the airline's offers for the new slices, priced as a change of the order. */
  async createOrderChangeRequest(body: unknown): Promise<object> {
    const input = readChangeRequest(body);
    const order = await this.getOrder(input.orderId);
    checkChangeable(order, input);
    const now = this.clock.now();
    const search = changeSearch(order, input, now);
    const offers = new SearchOffers(search, encodeSearch(search)).all();
    const requestId = `ocr_${randomBytes(11).toString('hex')}`;
    const stored = changeOffersFor(order, input, offers, requestId, now);
    for (const one of stored) await this.store.putRecord('order_change_offer', one.offer.id, one);
    const request = {
      id: requestId,
      live_mode: false,
      order_id: order.id,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      slices: {
        remove: input.remove.map((slice_id) => ({ slice_id })),
        add: input.add.map((slice) => ({
          origin: duffelAirport(airportByIata(slice.origin)!),
          destination: duffelAirport(airportByIata(slice.destination)!),
          departure_date: slice.departureDate,
          cabin_class: search.cabin,
        })),
      },
      order_change_offers: stored.map((one) => one.offer),
    };
    await this.store.putRecord('order_change_request', requestId, request);
    return request;
  }

  async getOrderChangeRequest(id: string): Promise<object> {
    const request = await this.store.getRecord<{ order_change_offers: SandboxChangeOffer[] }>(
      'order_change_request',
      id,
    );
    if (!request) throw notFound('order change request');
    const offers = await Promise.all(request.order_change_offers.map((offer) => this.getOrderChangeOffer(offer.id)));
    return { ...request, order_change_offers: offers };
  }

  async getOrderChangeOffer(id: string): Promise<SandboxChangeOffer> {
    return (await this.#storedChangeOffer(id)).offer;
  }

  async #storedChangeOffer(id: string): Promise<StoredChangeOffer> {
    const stored = await this.store.getRecord<StoredChangeOffer>('order_change_offer', id);
    if (!stored) throw notFound('order change offer');
    return stored;
  }

  /** `GET air/order_change_offers?order_change_request_id=`: a request's offers. */
  async listOrderChangeOffers(requestId: string, query: PageQuery): Promise<Page<SandboxChangeOffer>> {
    const request = await this.store.getRecord<{ order_change_offers: SandboxChangeOffer[] }>(
      'order_change_request',
      requestId,
    );
    if (!request) throw notFound('order change request');
    const page = pageOf(
      request.order_change_offers.map((offer) => offer.id),
      query,
    );
    return { ...page, data: await Promise.all(page.data.map((id) => this.getOrderChangeOffer(id))) };
  }

  /** `POST air/order_changes`: a pending change from one change offer, to confirm with its payment. */
  async createOrderChange(body: unknown): Promise<SandboxOrderChange> {
    const data = (body as { data?: { selected_order_change_offer?: unknown } } | undefined)?.data;
    if (typeof data?.selected_order_change_offer !== 'string')
      throw invalid(
        'selected_order_change_offer',
        "Field 'selected_order_change_offer' can't be blank",
        'validation_required',
      );
    const stored = await this.#storedChangeOffer(data.selected_order_change_offer);
    const change = pendingChange(stored, this.clock.now());
    await this.store.putRecord('order_change', change.id, { change, changeOfferId: stored.offer.id });
    await this.store.putRecord('order_change_offer', stored.offer.id, {
      ...stored,
      offer: { ...stored.offer, order_change_id: change.id },
    });
    return change;
  }

  async getOrderChange(id: string): Promise<SandboxOrderChange> {
    const stored = await this.store.getRecord<{ change: SandboxOrderChange }>('order_change', id);
    if (!stored) throw notFound('order change');
    return stored.change;
  }

  /** `POST air/order_changes/:id/actions/confirm`: paid, the order flies the new slices. */
  async confirmOrderChange(id: string, body: unknown): Promise<SandboxOrderChange> {
    const payment = readChangePayment(body);
    const stored = await this.store.getRecord<{ change: SandboxOrderChange; changeOfferId: string }>(
      'order_change',
      id,
    );
    if (!stored) throw notFound('order change');
    const changeOffer = await this.#storedChangeOffer(stored.changeOfferId);
    const order = await this.getOrder(stored.change.order_id);
    const confirmed = confirmChange(stored.change, order, payment, this.clock.now());
    await this.store.updateOrder(confirmed.order);
    await this.store.putRecord('order_offer', order.id, { offerId: changeOffer.sourceOffer.id });
    await this.store.putRecord('order_change', id, { ...stored, change: confirmed.change });
    return confirmed.change;
  }

  listAirports(query: PageQuery): Page<Airport> {
    const page = pageOf(airports, query);
    return { ...page, data: page.data.map(duffelAirport) };
  }

  getAirport(id: string): Airport {
    const found = airports.find((airport) => airport.id === id);
    if (!found) throw notFound('airport');
    return duffelAirport(found);
  }

  listAirlines(query: PageQuery): Page<Airline> {
    const page = pageOf(airlines, query);
    return { ...page, data: page.data.map(duffelAirline) };
  }

  getAirline(id: string): Airline {
    const found = airlines.map(duffelAirline).find((airline) => airline.id === id);
    if (!found) throw notFound('airline');
    return found;
  }

  suggestions(query: string): Places[] {
    if (query.trim().length < 2) throw invalid('query', "Field 'query' must have at least 2 characters");
    return searchAirports(airports, query, 20).map((airport) => ({
      ...duffelAirport(airport),
      iata_code: airport.iata_code,
      icao_code: airport.icao_code,
      country_name: null,
      airports: null,
    }));
  }
}
