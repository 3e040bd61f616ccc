import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from '@contrail/shared/validation/safe-text';
import { DuffelApiError, duffelErrorBody, invalid } from './errors.js';
import type { PageQuery } from './paging.js';
import { rateLimitExceeded, rateLimitHeaders } from './rate-limit.js';
import type { DuffelSandbox } from './sandbox.js';
import { sleep } from '@contrail/shared/time/sleep';

const DEFAULT_LIMIT = 50;

/** A request to the sandbox's Duffel API, however it arrived: over HTTP or an in-process fetch, through router.ts. */
export interface DuffelApiRequest {
  method: string;
  /** From the API's root, with a leading slash: `/air/offers/off_...`. */
  path: string;
  /** Query values as strings; anything else (repeated or nested keys) counts as absent. */
  query: Record<string, unknown>;
  /** The parsed JSON body (`{ data: ... }`), if any. */
  body: unknown;
  authorization: string | undefined;
  duffelVersion: string | undefined;
  /** The answer's id (`x-request-id`), repeated in an error's `meta.request_id`. */
  requestId?: string;
}

/** What the API answers: the status, the headers of its own (rate limits) and the body object, before any serialisation. */
export interface DuffelApiAnswer {
  status: number;
  headers: Record<string, string>;
  body: object;
}

interface EndpointInput {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

interface Endpoint {
  method: 'GET' | 'POST' | 'PATCH';
  /** Segments; `:name` takes any one segment. A trailing slash is ignored (Duffel's client posts offer requests to `air/offer_requests/`). */
  pattern: string;
  status: number;
  handle(sandbox: DuffelSandbox, input: EndpointInput): unknown;
}

function queryText(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function queryInteger(query: Record<string, unknown>, name: string, min: number, max: number): number | undefined {
  const text = queryText(query, name);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max)
    throw invalid(name, `Field '${name}' must be a whole number from ${min} to ${max}`);
  return value;
}

/** A list's `limit`, `after` and `before`. */
function pageQuery(query: Record<string, unknown>): PageQuery {
  return {
    limit: queryInteger(query, 'limit', 1, 200) ?? DEFAULT_LIMIT,
    after: queryText(query, 'after'),
    before: queryText(query, 'before'),
  };
}

function requiredText(query: Record<string, unknown>, name: string): string {
  const text = queryText(query, name);
  if (text === undefined) throw invalid(name, `Field '${name}' can't be blank`, 'validation_required');
  return text;
}

/** The schedule-change control's body: `{ data: { minutes, deliveries } }`, both optional. */
function readScheduleChange(body: unknown): { minutes: number; deliveries: number } {
  const data = (body as { data?: Record<string, unknown> } | undefined)?.data ?? {};
  const minutes = data.minutes ?? 95;
  const deliveries = data.deliveries ?? 1;
  if (!Number.isInteger(minutes) || Math.abs(minutes as number) > 7 * 24 * 60 || minutes === 0)
    throw invalid('minutes', "Field 'minutes' must be a whole number of minutes, not 0, within a week");
  if (!Number.isInteger(deliveries) || (deliveries as number) < 0 || (deliveries as number) > 5)
    throw invalid('deliveries', "Field 'deliveries' must be a whole number from 0 to 5");
  return { minutes: minutes as number, deliveries: deliveries as number };
}

/** The endpoints of Duffel's API the sandbox answers. */
const ENDPOINTS: Endpoint[] = [
  {
    method: 'POST',
    pattern: '/air/offer_requests',
    status: 201,
    handle: (sandbox, { query, body }) =>
      sandbox.createOfferRequest(body, queryText(query, 'return_offers') !== 'false'),
  },
  {
    method: 'GET',
    pattern: '/air/offer_requests',
    status: 200,
    handle: (sandbox, { query }) => sandbox.listOfferRequests(pageQuery(query)),
  },
  {
    method: 'GET',
    pattern: '/air/offer_requests/:id',
    status: 200,
    handle: (sandbox, { params }) => sandbox.getOfferRequest(params.id!),
  },
  {
    method: 'GET',
    pattern: '/air/offers',
    status: 200,
    handle: (sandbox, { query }) => {
      const offerRequestId = queryText(query, 'offer_request_id');
      if (!offerRequestId)
        throw invalid('offer_request_id', "Field 'offer_request_id' can't be blank", 'validation_required');
      return sandbox.listOffers(offerRequestId, {
        ...pageQuery(query),
        sort: queryText(query, 'sort'),
        maxConnections: queryInteger(query, 'max_connections', 0, 2),
      });
    },
  },
  {
    method: 'GET',
    pattern: '/air/offers/:id',
    status: 200,
    handle: (sandbox, { params, query }) =>
      sandbox.getOffer(params.id!, queryText(query, 'return_available_services') === 'true'),
  },
  {
    method: 'GET',
    pattern: '/air/seat_maps',
    status: 200,
    handle: (sandbox, { query }) => {
      const offerId = queryText(query, 'offer_id');
      const orderId = queryText(query, 'order_id');
      if (!offerId && orderId) return sandbox.orderSeatMaps(orderId);
      if (!offerId) throw invalid('offer_id', "Field 'offer_id' can't be blank", 'validation_required');
      return sandbox.seatMaps(offerId);
    },
  },
  { method: 'POST', pattern: '/air/orders', status: 201, handle: (sandbox, { body }) => sandbox.createOrder(body) },
  {
    method: 'GET',
    pattern: '/air/orders',
    status: 200,
    handle: (sandbox, { query }) => sandbox.listOrders(pageQuery(query)),
  },
  {
    method: 'GET',
    pattern: '/air/orders/:id',
    status: 200,
    handle: (sandbox, { params }) => sandbox.getOrder(params.id!),
  },
  {
    method: 'PATCH',
    pattern: '/air/orders/:id',
    status: 200,
    handle: (sandbox, { params, body }) => sandbox.updateOrder(params.id!, body),
  },
  {
    method: 'GET',
    pattern: '/air/orders/:id/available_services',
    status: 200,
    handle: (sandbox, { params }) => sandbox.orderAvailableServices(params.id!),
  },
  {
    method: 'POST',
    pattern: '/air/orders/:id/services',
    status: 201,
    handle: (sandbox, { params, body }) => sandbox.addOrderServices(params.id!, body),
  },
  {
    method: 'POST',
    pattern: '/air/order_change_requests',
    status: 201,
    handle: (sandbox, { body }) => sandbox.createOrderChangeRequest(body),
  },
  {
    method: 'GET',
    pattern: '/air/order_change_requests/:id',
    status: 200,
    handle: (sandbox, { params }) => sandbox.getOrderChangeRequest(params.id!),
  },
  {
    method: 'GET',
    pattern: '/air/order_change_offers',
    status: 200,
    handle: (sandbox, { query }) => {
      const requestId = queryText(query, 'order_change_request_id');
      if (!requestId)
        throw invalid(
          'order_change_request_id',
          "Field 'order_change_request_id' can't be blank",
          'validation_required',
        );
      return sandbox.listOrderChangeOffers(requestId, pageQuery(query));
    },
  },
  {
    method: 'GET',
    pattern: '/air/order_change_offers/:id',
    status: 200,
    handle: (sandbox, { params }) => sandbox.getOrderChangeOffer(params.id!),
  },
  {
    method: 'POST',
    pattern: '/air/order_changes',
    status: 201,
    handle: (sandbox, { body }) => sandbox.createOrderChange(body),
  },
  {
    method: 'GET',
    pattern: '/air/order_changes/:id',
    status: 200,
    handle: (sandbox, { params }) => sandbox.getOrderChange(params.id!),
  },
  {
    method: 'POST',
    pattern: '/air/order_changes/:id/actions/confirm',
    status: 200,
    handle: (sandbox, { params, body }) => sandbox.confirmOrderChange(params.id!, body),
  },
  { method: 'POST', pattern: '/air/payments', status: 201, handle: (sandbox, { body }) => sandbox.createPayment(body) },
  {
    method: 'POST',
    pattern: '/air/order_cancellations',
    status: 201,
    handle: (sandbox, { body }) => sandbox.createCancellation(body),
  },
  {
    method: 'GET',
    pattern: '/air/order_cancellations',
    status: 200,
    handle: (sandbox, { query }) =>
      sandbox.listCancellations({ ...pageQuery(query), orderId: queryText(query, 'order_id') }),
  },
  {
    method: 'GET',
    pattern: '/air/order_cancellations/:id',
    status: 200,
    handle: (sandbox, { params }) => sandbox.getCancellation(params.id!),
  },
  {
    method: 'POST',
    pattern: '/air/order_cancellations/:id/actions/confirm',
    status: 200,
    handle: (sandbox, { params }) => sandbox.confirmCancellation(params.id!),
  },
  {
    method: 'GET',
    pattern: '/air/airline_initiated_changes',
    status: 200,
    handle: (sandbox, { query }) => sandbox.airlineChanges.list(requiredText(query, 'order_id')),
  },
  {
    method: 'POST',
    pattern: '/air/airline_initiated_changes/:id/actions/accept',
    status: 200,
    handle: (sandbox, { params }) => sandbox.airlineChanges.accept(params.id!),
  },
  // The sandbox's own control (not Duffel's): the airline moves an order's flights, and the webhook goes out.
  {
    method: 'POST',
    pattern: '/test/orders/:id/schedule_change',
    status: 201,
    handle: (sandbox, { params, body }) => sandbox.airlineChanges.simulate(params.id!, readScheduleChange(body)),
  },
  {
    method: 'GET',
    pattern: '/air/airports',
    status: 200,
    handle: (sandbox, { query }) => sandbox.listAirports(pageQuery(query)),
  },
  {
    method: 'GET',
    pattern: '/air/airports/:id',
    status: 200,
    handle: (sandbox, { params }) => sandbox.getAirport(params.id!),
  },
  {
    method: 'GET',
    pattern: '/air/airlines',
    status: 200,
    handle: (sandbox, { query }) => sandbox.listAirlines(pageQuery(query)),
  },
  {
    method: 'GET',
    pattern: '/air/airlines/:id',
    status: 200,
    handle: (sandbox, { params }) => sandbox.getAirline(params.id!),
  },
  {
    method: 'GET',
    pattern: '/places/suggestions',
    status: 200,
    handle: (sandbox, { query }) => sandbox.suggestions(queryText(query, 'query') ?? ''),
  },
];

function segmentsOf(path: string): string[] {
  let end = path.length;
  while (end > 1 && path[end - 1] === '/') end -= 1;
  return path.slice(0, end).split('/');
}

const MATCHERS = ENDPOINTS.map((endpoint) => ({ endpoint, segments: segmentsOf(endpoint.pattern) }));

/** The endpoint a request is for, and its path parameters. */
function route(method: string, path: string): { endpoint: Endpoint; params: Record<string, string> } | undefined {
  const segments = segmentsOf(path);
  for (const { endpoint, segments: pattern } of MATCHERS) {
    if (endpoint.method !== method.toUpperCase() || pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, i) => {
      const segment = segments[i]!;
      if (!part.startsWith(':')) return part === segment;
      if (segment === '') return false;
      try {
        params[part.slice(1)] = decodeURIComponent(segment);
        return true;
      } catch {
        return false;
      }
    });
    if (matches) return { endpoint, params };
  }
  return undefined;
}

/** The error a planned fault answers with. */
function faultError(status: number): DuffelApiError {
  return status === 504
    ? new DuffelApiError(504, 'api_error', 'gateway_timeout_error', 'Gateway timeout', 'The request timed out')
    : new DuffelApiError(
        status,
        'api_error',
        'internal_server_error',
        'Internal server error',
        'Something went wrong on our side',
      );
}

export const internalError = () =>
  new DuffelApiError(
    500,
    'api_error',
    'internal_server_error',
    'Internal server error',
    'Something went wrong on our side',
  );

function refusal(request: DuffelApiRequest): DuffelApiError | undefined {
  if (!/^Bearer \S+$/.test(request.authorization ?? '')) {
    return new DuffelApiError(
      401,
      'authentication_error',
      'missing_authorization_header',
      'Missing authorization',
      'The Authorization header must be "Bearer <access token>"',
    );
  }
  if (request.duffelVersion !== 'v2') {
    return new DuffelApiError(
      400,
      'invalid_request_error',
      'unsupported_version',
      'Unsupported version',
      'The Duffel-Version header must be v2',
    );
  }
  return undefined;
}

/** Counts the request against its token's rate limit: the answer carries where the token stands, and past the limit is a 429. */
function rateLimit(sandbox: DuffelSandbox, request: DuffelApiRequest, headers: Record<string, string>): void {
  const state = sandbox.countRequest(request.authorization!.slice('Bearer '.length));
  Object.assign(headers, rateLimitHeaders(state));
  if (!state.allowed) throw rateLimitExceeded(state);
}

async function answerOf(
  sandbox: DuffelSandbox,
  request: DuffelApiRequest,
  headers: Record<string, string>,
): Promise<Omit<DuffelApiAnswer, 'headers'>> {
  if (sandbox.faults.latencyMs > 0) await sleep(sandbox.faults.latencyMs);
  const failure = sandbox.faults.takeFailure(request.path, request.method);
  if (failure && !failure.afterHandling) throw faultError(failure.status);
  const refused = refusal(request);
  if (refused) throw refused;
  rateLimit(sandbox, request, headers);
  const found = route(request.method, request.path);
  if (!found) {
    throw new DuffelApiError(
      404,
      'invalid_request_error',
      'not_found',
      'Not found',
      `No such endpoint: ${request.method} ${request.path}`,
    );
  }
  const { endpoint, params } = found;
  const unsafe = [params, request.query, request.body]
    .map((part) => findUnsafeText(part))
    .find((path) => path !== undefined);
  // Storage refuses these (a NUL byte in PostgreSQL text): the request is at fault, not the server.
  if (unsafe !== undefined) {
    throw new DuffelApiError(
      400,
      'invalid_request_error',
      'invalid_characters',
      'Invalid characters',
      `Field '${unsafe}' ${UNSAFE_TEXT_MESSAGE}`,
      unsafe,
    );
  }
  const result = await endpoint.handle(sandbox, { params, query: request.query, body: request.body });
  // The request was carried out; its answer is lost on the way back.
  if (failure) throw faultError(failure.status);
  const body = result && typeof result === 'object' && 'meta' in result && 'data' in result ? result : { data: result };
  return { status: endpoint.status, body };
}

/**
 * Duffel's API over a sandbox, as a function: planned faults, the headers Duffel requires, the
 * token's rate limit, the endpoint, and the answer as Duffel shapes it (`{ data }`, `{ data, meta }` or `{ meta, errors }`).
 * The objects answered are the sandbox's own, never changed afterwards.
 */
export async function answerDuffelRequest(sandbox: DuffelSandbox, request: DuffelApiRequest): Promise<DuffelApiAnswer> {
  const headers: Record<string, string> = {};
  try {
    return { ...(await answerOf(sandbox, request, headers)), headers };
  } catch (error) {
    const known = error instanceof DuffelApiError ? error : internalError();
    return { status: known.status, headers, body: duffelErrorBody(known, request.requestId) };
  }
}
