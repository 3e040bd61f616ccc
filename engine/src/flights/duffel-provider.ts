import { Duffel, DuffelError } from '@duffel/api';
import type { ProviderSort } from '@contrail/shared/results/sort';
import { searchSlicesOf } from '@contrail/shared/flights/search-slices';
import { DeadlineExceeded, withDeadline } from '../calls/deadline.js';
import type { FetchFunction } from '../calls/sandbox-access.js';
import type { DuffelClient } from './duffel-client.js';
import { useFetchTransport } from './duffel-fetch-transport.js';
import { isRateLimited, rateLimitResetMs } from './duffel-rate-limit.js';
import type { CreateOfferRequest, Offer, Order, OrderCancellation } from './duffel-types.js';
import { offerView } from './offer-view.js';
import { RateGate } from './rate-gate.js';
import { searchOfferView } from './search-offer-view.js';
import {
  FlightProviderError,
  type FlightProvider,
  type FlightSearchQuery,
  type OfferPageRequest,
  type ProviderCancellation,
  type ProviderErrorKind,
  type ProviderOrder,
} from './provider.js';
import { seatMapView } from './seat-map-view.js';
import { duffelAfterSale } from './duffel-after-sale.js';
import type { Call } from './bounded-call.js';

/** Ages Duffel needs for children and infants when the search only counts them. */
const CHILD_AGE = 8;
const INFANT_AGE = 1;
const PAGE_SIZE = 200;
/** Duffel caps what one search returns far below this; a guard against a cursor that never ends. */
const MAX_OFFERS = 2000;

/**
 * Duffel lets a request take up to 120 s and recommends a client timeout a little above (130 s);
 * searches answer within the supplier timeout (20 s by default) and reads are quick. The official
 * client takes no timeout, so each call is bounded here (the call runs on; its answer is ignored).
 * Nothing is repeated here: reads are retried by their callers (a job, the traveller), and an order
 * call whose answer is lost is resolved by a lookup (bookings/saga/create-order.ts).
 */
export const DUFFEL_TIMEOUT_MS = 130_000;
export const READ_TIMEOUT_MS = 30_000;
const SUPPLIER_TIMEOUT_MS = 20_000;
/**
 * After a 429 a call waits for the rate limit's reset, at most this long (else it fails at once,
 * for the traveller to try again later), and goes again at most RATE_LIMIT_RETRIES times.
 */
const RATE_LIMIT_WAIT_MS = 10_000;
const RATE_LIMIT_RETRIES = 2;
/** The reset is named to the second, by another machine's clock: calls go a little after it. */
const RESET_MARGIN_MS = 100;

/** Where the client is pointed: a Duffel token and, for the sandbox or a proxy, a base path. */
export interface DuffelConnection {
  token: string;
  /** With a trailing slash when it has a path (`http://127.0.0.1:5000/sandbox/duffel/`). */
  basePath?: string;
  /** The client's requests through this fetch instead of its own HTTP (a sandbox mounted in this process). */
  fetch?: FetchFunction;
}

const KIND_BY_CODE: Record<string, ProviderErrorKind> = {
  not_found: 'not_found',
  offer_no_longer_available: 'offer_unavailable',
  price_changed: 'price_changed',
  gateway_timeout_error: 'timeout',
  rate_limit_exceeded: 'rate_limited',
};

function classify(error: unknown): FlightProviderError {
  if (error instanceof FlightProviderError) return error;
  if (error instanceof DuffelError) {
    const first = error.errors?.[0];
    const status = error.meta?.status ?? error.status;
    let kind: ProviderErrorKind = KIND_BY_CODE[first?.code ?? ''] ?? 'unavailable';
    if (kind === 'unavailable' && status === 504) kind = 'timeout';
    if (kind === 'unavailable' && status === 429) kind = 'rate_limited';
    if (kind === 'unavailable' && status === 404) kind = 'not_found';
    if (kind === 'unavailable' && (status === 400 || status === 422) && first?.type === 'validation_error')
      kind = 'invalid';
    return new FlightProviderError(
      kind,
      first?.message || first?.title || `Duffel answered ${status}`,
      status,
      first?.code,
    );
  }
  if (error instanceof DeadlineExceeded)
    return new FlightProviderError('timeout', 'The flight provider did not answer in time');
  const message = error instanceof Error ? error.message : String(error);
  return new FlightProviderError('unavailable', `The flight provider could not be reached: ${message}`);
}

/**
 * Bounded calls, their failures classified, through the client's rate gate: a call refused for
 * the rate limit waits with every other for the reset the answer names, then goes again.
 */
function callsThrough(gate: RateGate): Call {
  return async (work, timeoutMs, what) => {
    for (let attempt = 0; ; attempt += 1) {
      if (!(await gate.pass()))
        throw new FlightProviderError('rate_limited', 'Too many requests to the flight provider for now', 429);
      try {
        return await withDeadline(work(), timeoutMs, what);
      } catch (error) {
        if (!isRateLimited(error)) throw classify(error);
        const resetAtMs = rateLimitResetMs(error, Date.now());
        if (resetAtMs !== undefined) gate.closeUntil(resetAtMs + RESET_MARGIN_MS);
        if (resetAtMs === undefined || attempt >= RATE_LIMIT_RETRIES) throw classify(error);
      }
    }
  };
}

function passengersOf(params: FlightSearchQuery): CreateOfferRequest['passengers'] {
  return [
    ...Array.from({ length: params.adultsCount }, () => ({ type: 'adult' as const })),
    ...Array.from({ length: params.childrenCount }, () => ({ age: CHILD_AGE })),
    ...Array.from({ length: params.infantsCount }, () => ({ age: INFANT_AGE })),
  ];
}

function slicesOf(params: FlightSearchQuery): CreateOfferRequest['slices'] {
  return searchSlicesOf(params).map((slice) => ({
    origin: slice.origin,
    destination: slice.destination,
    departure_date: slice.departureDate,
    departure_time: null,
    arrival_time: null,
  }));
}

/** A search at Duffel: an offer request whose offers are listed afterwards, page by page. */
async function createOfferRequest(
  duffel: DuffelClient,
  params: FlightSearchQuery,
  supplierTimeoutMs: number,
): Promise<string> {
  const request = await duffel.offerRequests.create({
    slices: slicesOf(params),
    passengers: passengersOf(params),
    cabin_class: params.cabinClass,
    max_connections: 2,
    return_offers: false,
    supplier_timeout: supplierTimeoutMs,
  });
  return request.data.id;
}

/** Duffel sorts a listing by one criterion, descending with a leading '-'. */
const DUFFEL_SORT: Record<ProviderSort, string> = {
  'price-asc': 'total_amount',
  'price-desc': '-total_amount',
  'duration-asc': 'total_duration',
};

function listPage(duffel: DuffelClient, offerRequestId: string, request: OfferPageRequest) {
  return duffel.offers.list({
    offer_request_id: offerRequestId,
    limit: request.limit,
    // The client's type lists the ascending names only; Duffel documents the '-' prefix.
    sort: DUFFEL_SORT[request.sort] as 'total_amount',
    ...(request.after !== undefined && { after: request.after }),
  });
}

function orderOf(order: Order): ProviderOrder {
  return {
    id: order.id,
    booking_reference: order.booking_reference,
    total_amount: order.total_amount,
    total_currency: order.total_currency,
    created_at: order.created_at,
    cancelled_at: order.cancelled_at ?? null,
    metadata: (order.metadata ?? {}) as Record<string, string>,
    passengers: order.passengers.map((p) => ({
      id: p.id,
      given_name: p.given_name,
      family_name: p.family_name,
      type: p.type,
    })),
    raw: order,
  };
}

function cancellationOf(cancellation: OrderCancellation): ProviderCancellation {
  return {
    id: cancellation.id,
    order_id: cancellation.order_id,
    refund_amount: cancellation.refund_amount,
    refund_currency: cancellation.refund_currency,
    refund_to: cancellation.refund_to,
    expires_at: cancellation.expires_at,
    confirmed_at: cancellation.confirmed_at ?? null,
  };
}

/**
 * The official `@duffel/api` client for a connection. `connect` is asked on every call, so the base
 * path can follow the engine's own address, known only once it listens.
 */
export function duffelHttpClient(connect: () => DuffelConnection): () => DuffelClient {
  let cached: { key: string; client: Duffel } | undefined;
  return () => {
    const connection = connect();
    const key = `${connection.token} ${connection.basePath ?? ''}`;
    if (cached?.key !== key) {
      const client = new Duffel({
        token: connection.token,
        apiVersion: 'v2',
        ...(connection.basePath && { basePath: connection.basePath }),
      });
      cached = { key, client: connection.fetch ? useFetchTransport(client, connection.fetch) : client };
    }
    return cached.client;
  };
}

export interface DuffelProviderOptions {
  timeoutMs?: number;
  /** How long a call may wait for a rate limit's reset (RATE_LIMIT_WAIT_MS by default). */
  rateLimitWaitMs?: number;
}

/** The flight provider on the official `@duffel/api` client, over HTTP or the connection's fetch. */
export function duffelFlightProvider(
  connect: () => DuffelConnection,
  options: DuffelProviderOptions = {},
): FlightProvider {
  return flightProviderOn(duffelHttpClient(connect), options);
}

/** The flight provider on a Duffel client (the official one; tests may hand in another). */
export function flightProviderOn(client: () => DuffelClient, options: DuffelProviderOptions = {}): FlightProvider {
  const call = callsThrough(new RateGate({ maxWaitMs: options.rateLimitWaitMs ?? RATE_LIMIT_WAIT_MS }));
  const writeTimeoutMs = options.timeoutMs ?? DUFFEL_TIMEOUT_MS;
  const readTimeoutMs = Math.min(writeTimeoutMs, READ_TIMEOUT_MS);
  const supplierTimeoutMs = Math.max(2_000, Math.min(SUPPLIER_TIMEOUT_MS, readTimeoutMs - 5_000));

  /** Pages of orders, newest first, each read bounded. */
  async function* orderPages(scanLimit: number): AsyncGenerator<Order[]> {
    let scanned = 0;
    let after: string | undefined;
    do {
      const page = await call(
        () => client().orders.list({ limit: PAGE_SIZE, ...(after !== undefined && { after }) } as never),
        readTimeoutMs,
        'listing orders',
      );
      yield page.data;
      scanned += page.data.length;
      after = page.meta?.after ?? undefined;
    } while (after && scanned < scanLimit);
  }

  /** A price change with the offer's new total, as Duffel advises (fetch the offer again); as it was if that fails. */
  async function withNewTotal(error: unknown, offerId: string): Promise<unknown> {
    if (!(error instanceof FlightProviderError) || error.kind !== 'price_changed') return error;
    try {
      const offer = (await call(() => client().offers.get(offerId), readTimeoutMs, 'reading an offer')).data;
      const newTotal = { amount: offer.total_amount, currency: offer.total_currency };
      return new FlightProviderError(error.kind, error.message, error.status, error.providerCode, newTotal);
    } catch {
      return error;
    }
  }

  return {
    ...duffelAfterSale(client, call, { readTimeoutMs, writeTimeoutMs }),
    search: (params) =>
      call(
        async () => {
          const searchId = await createOfferRequest(client(), params, supplierTimeoutMs);
          const offers: Offer[] = [];
          let after: string | undefined;
          do {
            const page = await listPage(client(), searchId, { sort: 'price-asc', limit: PAGE_SIZE, after });
            offers.push(...page.data);
            after = page.meta?.after ?? undefined;
          } while (after && offers.length < MAX_OFFERS);
          return offers.map(offerView);
        },
        readTimeoutMs,
        'searching offers',
      ),
    startSearch: (params) =>
      call(() => createOfferRequest(client(), params, supplierTimeoutMs), readTimeoutMs, 'searching offers'),
    listOffers: (searchId, request) =>
      call(
        async () => {
          const page = await listPage(client(), searchId, request);
          return { offers: page.data.map(searchOfferView), after: page.meta?.after ?? null };
        },
        readTimeoutMs,
        'listing offers',
      ),
    getOffer: (offerId, options = {}) =>
      call(
        async () => {
          const offer = await client().offers.get(offerId, {
            return_available_services: options.withServices === true,
          });
          return offerView(offer.data);
        },
        readTimeoutMs,
        'reading an offer',
      ),
    getSeatMaps: (offerId) =>
      call(
        async () => {
          const seatMaps = await client().seatMaps.get({ offer_id: offerId });
          return (seatMaps.data ?? []).map(seatMapView);
        },
        readTimeoutMs,
        'reading seat maps',
      ),
    createOrder: (input) =>
      call(
        async () => {
          const passengers = input.passengers.map((passenger) => ({
            ...passenger,
            infant_passenger_id: passenger.infant_passenger_id ?? null,
          }));
          const common = {
            selected_offers: [input.offerId],
            passengers,
            ...(input.metadata && { metadata: input.metadata }),
          };
          // A hold is sent as Duffel documents it (issue 36): type hold, no payments, no services. The client's
          // typing still names the older 'pay_later'; the wire value is the documented one.
          const order = await client().orders.create(
            input.type === 'hold'
              ? ({ ...common, type: 'hold' } as unknown as Parameters<DuffelClient['orders']['create']>[0])
              : {
                  ...common,
                  type: 'instant',
                  services: input.services ?? [],
                  payments: [{ type: 'balance', amount: input.amount, currency: input.currency }],
                },
          );
          return orderOf(order.data);
        },
        writeTimeoutMs,
        'creating an order',
      ).catch(async (error: unknown) => {
        throw await withNewTotal(error, input.offerId);
      }),
    getOrder: (orderId) =>
      call(async () => orderOf((await client().orders.get(orderId)).data), readTimeoutMs, 'reading an order'),
    findOrderByMetadata: async (key, value, options = {}) => {
      try {
        for await (const page of orderPages(options.scanLimit ?? 1000)) {
          const found = page.find((order) => order.metadata?.[key] === value);
          if (found) return orderOf(found);
        }
        return undefined;
      } catch (error) {
        throw classify(error);
      }
    },
    listOrders: async ({ createdAfter, scanLimit = 5000 }) => {
      const since = Date.parse(createdAfter);
      const orders: Order[] = [];
      try {
        for await (const page of orderPages(scanLimit)) {
          const recent = page.filter((order) => Date.parse(order.created_at) >= since);
          orders.push(...recent);
          if (page.length > 0 && recent.length === 0) break;
        }
      } catch (error) {
        throw classify(error);
      }
      return orders.map(orderOf);
    },
    listAirlineChanges: (orderId) =>
      call(
        async () => {
          const changes = (await client().airlineInitiatedChanges.list(orderId)).data ?? [];
          return [...changes].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
        },
        readTimeoutMs,
        'reading airline changes',
      ),
    acceptAirlineChange: (changeId) =>
      call(
        async () => (await client().airlineInitiatedChanges.accept(changeId)).data,
        writeTimeoutMs,
        'accepting an airline change',
      ),
    quoteCancellation: (orderId) =>
      call(
        async () => cancellationOf((await client().orderCancellations.create({ order_id: orderId })).data),
        writeTimeoutMs,
        'quoting a cancellation',
      ),
    payOrder: (orderId, amount, currency) =>
      call(
        async () => {
          const payment = (
            await client().payments.create({ order_id: orderId, payment: { type: 'balance', amount, currency } })
          ).data;
          return {
            id: payment.id,
            amount: payment.amount,
            currency: payment.currency ?? currency,
            created_at: payment.created_at,
          };
        },
        writeTimeoutMs,
        'paying a held order',
      ),
    confirmCancellation: (cancellationId) =>
      call(
        async () => cancellationOf((await client().orderCancellations.confirm(cancellationId)).data),
        writeTimeoutMs,
        'confirming a cancellation',
      ),
  };
}
