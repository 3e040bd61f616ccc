import { Duffel, DuffelError } from '@duffel/api';
import type { FlightSearchParams } from '@contrail/shared';
import type { CreateOfferRequest, Offer, Order, OrderCancellation } from './duffel-types.js';
import { offerView } from './offer-view.js';
import {
  FlightProviderError,
  type FlightProvider,
  type ProviderCancellation,
  type ProviderErrorKind,
  type ProviderOrder,
} from './provider.js';
import { seatMapView } from './seat-map-view.js';

/** Ages Duffel needs for children and infants when the search only counts them. */
const CHILD_AGE = 8;
const INFANT_AGE = 1;
const PAGE_SIZE = 200;
/** Duffel caps what one search returns far below this; a guard against a cursor that never ends. */
const MAX_OFFERS = 2000;

/** Where the client is pointed: a Duffel token and, for the sandbox or a proxy, a base path. */
export interface DuffelConnection {
  token: string;
  /** With a trailing slash when it has a path (`http://127.0.0.1:5000/sandbox/duffel/`). */
  basePath?: string;
}

const KIND_BY_CODE: Record<string, ProviderErrorKind> = {
  not_found: 'not_found',
  offer_no_longer_available: 'offer_unavailable',
  price_changed: 'price_changed',
  gateway_timeout_error: 'timeout',
};

function classify(error: unknown): FlightProviderError {
  if (error instanceof FlightProviderError) return error;
  if (error instanceof DuffelError) {
    const first = error.errors?.[0];
    const status = error.meta?.status ?? error.status;
    let kind: ProviderErrorKind = KIND_BY_CODE[first?.code ?? ''] ?? 'unavailable';
    if (kind === 'unavailable' && status === 504) kind = 'timeout';
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
  const message = error instanceof Error ? error.message : String(error);
  return new FlightProviderError('unavailable', `The flight provider could not be reached: ${message}`);
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw classify(error);
  }
}

function passengersOf(params: FlightSearchParams): CreateOfferRequest['passengers'] {
  return [
    ...Array.from({ length: params.adultsCount }, () => ({ type: 'adult' as const })),
    ...Array.from({ length: params.childrenCount }, () => ({ age: CHILD_AGE })),
    ...Array.from({ length: params.infantsCount }, () => ({ age: INFANT_AGE })),
  ];
}

function slicesOf(params: FlightSearchParams): CreateOfferRequest['slices'] {
  const outbound = { origin: params.origin, destination: params.destination, departure_date: params.departureDate };
  const slices = [{ ...outbound, departure_time: null, arrival_time: null }];
  if (params.returnDate) {
    slices.push({
      origin: params.destination,
      destination: params.origin,
      departure_date: params.returnDate,
      departure_time: null,
      arrival_time: null,
    });
  }
  return slices;
}

function orderOf(order: Order): ProviderOrder {
  return {
    id: order.id,
    booking_reference: order.booking_reference,
    total_amount: order.total_amount,
    total_currency: order.total_currency,
    created_at: order.created_at,
    cancelled_at: order.cancelled_at ?? null,
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
 * The flight provider on the official `@duffel/api` client. `connect` is asked on every call, so
 * the base path can follow the engine's own address, known only once it listens.
 */
export function duffelFlightProvider(connect: () => DuffelConnection): FlightProvider {
  let cached: { key: string; client: Duffel } | undefined;
  const client = () => {
    const connection = connect();
    const key = `${connection.token} ${connection.basePath ?? ''}`;
    if (cached?.key !== key) {
      cached = {
        key,
        client: new Duffel({
          token: connection.token,
          apiVersion: 'v2',
          ...(connection.basePath && { basePath: connection.basePath }),
        }),
      };
    }
    return cached.client;
  };

  return {
    search: (params) =>
      call(async () => {
        const duffel = client();
        const request = await duffel.offerRequests.create({
          slices: slicesOf(params),
          passengers: passengersOf(params),
          cabin_class: params.cabinClass,
          max_connections: 2,
          return_offers: false,
        });
        const offers: Offer[] = [];
        let after: string | undefined;
        do {
          const page = await duffel.offers.list({
            offer_request_id: request.data.id,
            limit: PAGE_SIZE,
            sort: 'total_amount',
            ...(after !== undefined && { after }),
          });
          offers.push(...page.data);
          after = page.meta?.after ?? undefined;
        } while (after && offers.length < MAX_OFFERS);
        return offers.map(offerView);
      }),
    getOffer: (offerId, options = {}) =>
      call(async () => {
        const offer = await client().offers.get(offerId, { return_available_services: options.withServices === true });
        return offerView(offer.data);
      }),
    getSeatMaps: (offerId) =>
      call(async () => {
        const seatMaps = await client().seatMaps.get({ offer_id: offerId });
        return (seatMaps.data ?? []).map(seatMapView);
      }),
    createOrder: (input) =>
      call(async () => {
        const order = await client().orders.create({
          type: 'instant',
          selected_offers: [input.offerId],
          passengers: input.passengers.map((passenger) => ({
            ...passenger,
            infant_passenger_id: passenger.infant_passenger_id ?? null,
          })),
          services: input.services ?? [],
          payments: [{ type: 'balance', amount: input.amount, currency: input.currency }],
          ...(input.metadata && { metadata: input.metadata }),
        });
        return orderOf(order.data);
      }),
    getOrder: (orderId) => call(async () => orderOf((await client().orders.get(orderId)).data)),
    findOrderByMetadata: (key, value, options = {}) =>
      call(async () => {
        const scanLimit = options.scanLimit ?? 1000;
        let scanned = 0;
        let after: string | undefined;
        do {
          const page = await client().orders.list({ limit: PAGE_SIZE, ...(after !== undefined && { after }) } as never);
          const found = page.data.find((order) => order.metadata?.[key] === value);
          if (found) return orderOf(found);
          scanned += page.data.length;
          after = page.meta?.after ?? undefined;
        } while (after && scanned < scanLimit);
        return undefined;
      }),
    quoteCancellation: (orderId) =>
      call(async () => cancellationOf((await client().orderCancellations.create({ order_id: orderId })).data)),
    confirmCancellation: (cancellationId) =>
      call(async () => cancellationOf((await client().orderCancellations.confirm(cancellationId)).data)),
  };
}
