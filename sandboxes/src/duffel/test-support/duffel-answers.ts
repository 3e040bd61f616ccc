import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DuffelError, type Duffel } from '@duffel/api';
import { DeclaredTypes } from '../../test-support/declared-types.js';

/**
 * Every answer an official `@duffel/api` client receives, checked against the types the package
 * declares (`@duffel/api/types`, bundled in its dist/typings.d.ts): the `{ data, meta }` envelope
 * with the resource the endpoint answers, or the `{ errors, meta }` one.
 */
export interface DuffelAnswer {
  /** The client's request: method and path, e.g. `GET air/offers/off_1`. */
  request: string;
  status: number | undefined;
  /** The body as the client read it (for an error, what its DuffelError keeps: meta and errors). */
  body: Record<string, unknown>;
}

interface RequestOptions {
  method: string;
  path: string;
}
type RequestLayer = (options: RequestOptions) => Promise<Record<string, unknown>>;

/**
 * Records what `duffel`'s request layer (which every resource calls) returns or throws into
 * `answers`. Put it on last: after any transport that replaces the layer.
 */
export function recordAnswers(duffel: Duffel, answers: DuffelAnswer[]): Duffel {
  const client = (duffel as unknown as { client: { request: RequestLayer } }).client;
  const request = client.request;
  client.request = async (options) => {
    const label = `${options.method} ${options.path.replace(/\/$/, '')}`;
    try {
      const answer = await request(options);
      const { status, headers: _headers, ...body } = answer;
      answers.push({ request: label, status: status as number, body });
      return answer;
    } catch (error) {
      if (error instanceof DuffelError)
        answers.push({ request: label, status: error.status, body: { meta: error.meta, errors: error.errors } });
      throw error;
    }
  };
  return duffel;
}

const typings = join(dirname(createRequire(import.meta.url).resolve('@duffel/api')), 'typings.d.ts');
let declared: DeclaredTypes | undefined;

/** The resource each endpoint answers (`[]`: a list of them), by method and path with its ids as `:id`. */
const RESOURCES: Record<string, string> = {
  'POST air/offer_requests': 'OfferRequest',
  'GET air/offer_requests': 'OfferRequest[]',
  'GET air/offer_requests/:id': 'OfferRequest',
  'GET air/offers': 'Offer[]',
  'GET air/offers/:id': 'Offer',
  'GET air/seat_maps': 'SeatMap[]',
  'POST air/orders': 'Order',
  'GET air/orders': 'Order[]',
  'GET air/orders/:id': 'Order',
  'PATCH air/orders/:id': 'Order',
  'POST air/payments': 'Payment',
  'POST air/order_cancellations': 'OrderCancellation',
  'GET air/order_cancellations': 'OrderCancellation[]',
  'GET air/order_cancellations/:id': 'OrderCancellation',
  'POST air/order_cancellations/:id/actions/confirm': 'OrderCancellation',
  'GET air/airports': 'Airport[]',
  'GET air/airports/:id': 'Airport',
  'GET air/airlines': 'Airline[]',
  'GET air/airlines/:id': 'Airline',
};

/**
 * Where `@duffel/api`'s types are wrong about what Duffel sends, and only there: each a problem
 * the check would report, matched on its end, and why the answer is right.
 */
const TYPE_GAPS: Array<{ problem: RegExp; why: string }> = [
  {
    problem: /^(GET|PATCH) air\/\w+(\/[^ ]+)? \(200\) meta\.before is null$/,
    why: "PaginationMeta declares `before?: string`, but Duffel's first page of a list answers `before: null` (the examples of its API reference)",
  },
  {
    problem:
      /^(GET|POST) air\/offer(s|_requests)(\/[^ ]+)? \(20[01]\) data(\[\d+\]|\.offers\[\d+\])?\.passengers\[\d+\]\.(given|family)_name is null$/,
    why: "OfferPassenger declares `given_name?: string`, but Duffel's offers answer `given_name: null, family_name: null` for a passenger the offer request did not name (its API reference examples and captured offer requests)",
  },
  {
    problem:
      /^(GET|POST|PATCH) air\/orders(\/[^ ]+)? \(20[01]\) data(\[\d+\])?\.payment_status\.(payment_required_by|price_guarantee_expires_at) is null$/,
    why: 'OrderPaymentStatus declares `payment_required_by?: string`, yet its own comment says it "will be null only for orders where awaiting_payment is false", as the Offer type says for the same field (`string | null`)',
  },
  {
    problem: /^(GET|POST|PATCH) air\/orders(\/[^ ]+)? \(20[01]\) data(\[\d+\])?\.type is not declared$/,
    why: "Order lacks `type`, but Duffel's orders answer it, `instant` or `hold` (its API reference's Order schema; orders captured from its test mode), and paying an instant order is its `order_type_not_eligible_for_payment`",
  },
  {
    problem: /^(GET|POST) air\/order_cancellations(\/[^ ]+)? \(20[01]\) data(\[\d+\])?\.confirmed_at is null$/,
    why: 'OrderCancellation declares `confirmed_at: string`, but a quote not yet confirmed has none: Duffel answers null (the AirlineInitiatedChange type of the same package declares it `string | null`)',
  },
  {
    problem:
      /^GET air\/seat_maps \(200\) data\[\d+\]\.cabins\[\d+\]\.rows\[\d+\]\.sections\[\d+\]\.elements\[\d+\]\.name is null$/,
    why: "SeatMapCabinRowSectionElementSeat declares `name?: string`, but Duffel's captured seat maps (the fixtures of its duffel-components) carry `name` on every element, null where there is none; issue 28 asked the sandbox for the key, so a seat without a name has it null",
  },
  {
    problem: /^\w+ [^ ]+ \(4\d\d\) errors\[\d+\]\.source is not declared$/,
    why: "ApiResponseError lacks `source`, but Duffel's validation errors name the field in `source: { field, pointer }` (its API reference, Errors)",
  },
];

/** `GET air/offers/off_1` as `GET air/offers/:id`: a path segment after a resource's name is its id. */
export function endpointOf(request: string): string {
  const [method, path] = request.split(' ') as [string, string];
  const [space, resource, id, ...more] = path.split('/');
  return `${method} ${[space, resource, ...(id ? [':id', ...more] : [])].join('/')}`;
}

/**
 * What in `answer` breaks the types of `@duffel/api` (less the gaps of TYPE_GAPS): an endpoint
 * they name no resource for is one.
 */
export function duffelAnswerProblems(answer: DuffelAnswer): string[] {
  return problemsOf(answer).filter((problem) => !TYPE_GAPS.some((gap) => gap.problem.test(problem)));
}

function problemsOf({ request, status, body }: DuffelAnswer): string[] {
  declared ??= new DeclaredTypes([typings]);
  const where = `${request} (${status})`;
  const { data, meta, errors, ...rest } = body;
  const problems = Object.keys(rest).map((name) => `${where}: ${name} is not declared`);
  if (errors !== undefined || data === undefined) {
    if (data !== undefined) problems.push(`${where}: an error with data`);
    if (!Array.isArray(errors) || errors.length === 0) problems.push(`${where}: errors is not a list of errors`);
    else {
      const error = declared.type('ApiResponseError');
      problems.push(...errors.flatMap((one, index) => declared!.problems(one, error, `${where} errors[${index}]`)));
    }
    problems.push(...declared.problems(meta, declared.type('ApiResponseMeta'), `${where} meta`));
    return problems;
  }
  const endpoint = endpointOf(request);
  const resource = RESOURCES[endpoint];
  if (!resource) return [...problems, `${where}: @duffel/api declares no answer for ${endpoint}`];
  const list = resource.endsWith('[]');
  const type = declared.type(resource.replace('[]', ''));
  if (list) {
    if (!Array.isArray(data)) return [...problems, `${where}: data is not a list`];
    problems.push(...data.flatMap((item, index) => declared!.problems(item, type, `${where} data[${index}]`)));
  } else problems.push(...declared.problems(data, type, `${where} data`));
  if (meta !== undefined) problems.push(...declared.problems(meta, declared.type('PaginationMeta'), `${where} meta`));
  return problems;
}
