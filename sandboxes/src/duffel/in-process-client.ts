import { DuffelError } from '@duffel/api';
import type { DuffelResponse } from '@duffel/api/types';
import type { DuffelClient } from '../../../engine/src/flights/duffel-client.js';
import type { Offer, OfferRequest, Order, OrderCancellation, SeatMap } from '../../../engine/src/flights/duffel-types.js';
import { answerDuffelRequest } from './endpoints.js';
import type { DuffelSandbox } from './sandbox.js';

type Params = Record<string, string | number | boolean | null | undefined>;

/**
 * The Duffel client for a sandbox mounted in this engine: each call is the request the official
 * client would send (same method, path, query and body), answered by the sandbox's endpoints
 * (endpoints.ts: faults, checks, handler) as a function. No HTTP, no JSON of the answers: the
 * provider gets the sandbox's answer objects, which the sandbox never changes once answered, and
 * the same `DuffelError` the official client throws. Request bodies still go through JSON, as
 * small as they are, so that the sandbox never holds the caller's objects. Not behind the sandbox
 * gate (sandbox/gate.ts): the caller is this engine with its own credential, and a sandbox mounted
 * for flights means Duffel is not configured, so the system cannot be in live mode.
 */
export function inProcessDuffelClient(sandbox: DuffelSandbox, token: () => string): DuffelClient {
  async function call<T>(method: 'GET' | 'POST', path: string, request: { params?: Params; data?: object } = {}) {
    const query: Record<string, string> = {};
    for (const [key, value] of Object.entries(request.params ?? {})) {
      // As the official client, which calls toString() on every value.
      if (value !== undefined && value !== null) query[key] = String(value);
    }
    const { status, body } = await answerDuffelRequest(sandbox, {
      method,
      path: `/${path}`,
      query,
      body: request.data === undefined ? undefined : JSON.parse(JSON.stringify({ data: request.data })),
      authorization: `Bearer ${token()}`,
      duffelVersion: 'v2',
    });
    if (status >= 400 || 'errors' in body) {
      const failure = body as ConstructorParameters<typeof DuffelError>[0];
      throw new DuffelError({
        ...failure,
        status,
        headers: new Headers() as unknown as InstanceType<typeof DuffelError>['headers'],
      });
    }
    return body as DuffelResponse<T>;
  }

  return {
    offerRequests: {
      create: ({ return_offers, supplier_timeout, ...data }) =>
        call<Omit<OfferRequest, 'offers'>>('POST', 'air/offer_requests/', {
          data,
          params: { return_offers, supplier_timeout },
        }),
    },
    offers: {
      list: ({ offer_request_id, ...params }) =>
        call<Offer[]>('GET', 'air/offers', { params: { ...params, offer_request_id } as Params }),
      get: (id, params) => call<Offer>('GET', `air/offers/${id}`, { params: params as Params }),
    },
    seatMaps: {
      get: (params) => call<SeatMap[]>('GET', 'air/seat_maps', { params: params as Params }),
    },
    orders: {
      create: (data) => call<Order>('POST', 'air/orders', { data }),
      get: (id) => call<Order>('GET', `air/orders/${id}`),
      list: (params) => call<Order[]>('GET', 'air/orders', { params: params as Params }),
    },
    orderCancellations: {
      create: (data) => call<OrderCancellation>('POST', 'air/order_cancellations', { data }),
      confirm: (id) => call<OrderCancellation>('POST', `air/order_cancellations/${id}/actions/confirm`),
    },
  };
}
