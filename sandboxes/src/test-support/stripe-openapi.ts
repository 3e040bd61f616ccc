import { readFileSync } from 'node:fs';
import { Ajv, type AnySchema, type ValidateFunction } from 'ajv';
import type { RequestHandler } from 'express';

/**
 * Stripe's published OpenAPI specification, the part the Stripe sandbox answers
 * (`stripe-openapi/spec3-subset.json`, made by scripts/vendor-stripe-openapi.mjs; its source and
 * licence in `stripe-openapi/README.md`), as JSON schemas that ajv checks answers against: the
 * answer of each endpoint, an error of any.
 */
interface Subset {
  source: { file: string; openapi: string; version: string; sha256: string };
  endpoints: Record<string, { ok: AnySchema; error: AnySchema }>;
  components: { schemas: Record<string, AnySchema> };
}

/** One answer of the sandbox: `path` without its query (`/v1/payment_intents/pi_1/confirm`). */
export interface StripeAnswer {
  method: string;
  path: string;
  status: number;
  body: unknown;
}

const subset = JSON.parse(
  readFileSync(new URL('./stripe-openapi/spec3-subset.json', import.meta.url), 'utf8'),
) as Subset;

/** Which specification the answers are checked against (its version is Stripe's API version). */
export const STRIPE_SPEC_SOURCE = subset.source;

/** The endpoints the subset has answers for, as `GET /v1/refunds/{refund}`. */
export const STRIPE_SPEC_ENDPOINTS = Object.keys(subset.endpoints);

/**
 * OpenAPI 3.0's `nullable: true` as JSON Schema says it (null, or what the rest allows): ajv
 * takes `nullable` only beside a `type`, and Stripe's spec puts it beside `anyOf` and `enum` too.
 */
function jsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(jsonSchema);
  if (!value || typeof value !== 'object') return value;
  const { nullable, ...rest } = value as Record<string, unknown>;
  const converted = Object.fromEntries(
    Object.entries(rest).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string'
        ? inner.replace('#/components/schemas/', '#/$defs/')
        : jsonSchema(inner),
    ]),
  );
  return nullable === true ? { anyOf: [{ type: 'null' }, converted] } : converted;
}

const SPEC_ID = 'stripe-spec3';
let ajv: Ajv | undefined;

function specAjv(): Ajv {
  if (!ajv) {
    ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false });
    ajv.addFormat('unix-time', { type: 'number', validate: (value: number) => Number.isInteger(value) });
    ajv.addFormat('decimal', { type: 'string', validate: /^-?\d+(\.\d+)?$/ });
    // One document: the components as $defs, beside each endpoint's two answers.
    const answers = Object.entries(subset.endpoints).flatMap(([endpoint, { ok, error }]) => [
      [`${endpoint} ok`, ok],
      [`${endpoint} error`, error],
    ]);
    const $defs = { ...subset.components.schemas, ...Object.fromEntries(answers) };
    ajv.addSchema(jsonSchema({ $id: SPEC_ID, $defs }) as AnySchema);
  }
  return ajv;
}

/** The schema of an endpoint's answer (`ok`) or error, compiled once. */
function validator(endpoint: string, answer: 'ok' | 'error'): ValidateFunction {
  const pointer = `/$defs/${`${endpoint} ${answer}`.replaceAll('~', '~0').replaceAll('/', '~1')}`;
  const validate = specAjv().getSchema(`${SPEC_ID}#${encodeURI(pointer)}`);
  if (!validate) throw new Error(`No schema at ${pointer}`);
  return validate;
}

/** `POST /v1/payment_intents/pi_1/confirm` as the specification names it, if it has it. */
export function specEndpointOf(method: string, path: string): string | undefined {
  return STRIPE_SPEC_ENDPOINTS.find((endpoint) => {
    const [specMethod, route] = endpoint.split(' ') as [string, string];
    const pattern = new RegExp(`^${route.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    return specMethod === method && pattern.test(path);
  });
}

/**
 * What in the answer the specification does not allow: a missing required property, a value of
 * another type, a null where none may be, a value outside an enum, at every depth (an error's
 * PaymentIntent, a list's data, an expanded charge). A successful answer of an endpoint the
 * subset lacks is one too: a new endpoint needs adding to scripts/vendor-stripe-openapi.mjs.
 */
export function stripeSpecProblems({ method, path, status, body }: StripeAnswer): string[] {
  const where = `${method} ${path} (${status})`;
  const endpoint = specEndpointOf(method, path);
  const failed = status >= 400;
  if (!endpoint && !failed) return [`${where}: Stripe's specification has no ${method} ${path}`];
  // Every endpoint answers an error with the same `error` schema; unknown paths answer it too.
  const validate = validator(endpoint ?? STRIPE_SPEC_ENDPOINTS[0]!, failed ? 'error' : 'ok');
  if (validate(body)) return [];
  return (validate.errors ?? []).map(
    (error) =>
      `${where} ${error.instancePath || '/'} ${error.message ?? error.keyword} ${JSON.stringify(error.params)}`,
  );
}

/** An Express middleware keeping every JSON answer of the routes after it, for stripeSpecProblems. */
export function recordStripeAnswers(answers: StripeAnswer[]): RequestHandler {
  return (req, res, next) => {
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      answers.push({ method: req.method, path: req.originalUrl.split('?')[0]!, status: res.statusCode, body });
      return json(body);
    };
    next();
  };
}
