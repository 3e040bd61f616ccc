import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTestApp } from '../admin/test-support/admin-app.js';
import { SelfUrl } from '../calls/self-url.js';
import { selfAddressedGateway } from '../payments/wiring.js';
import { SqlStripeSandboxStore, TEST_SANDBOX_CREDENTIALS } from '@contrail/sandboxes';
import type { SqlClient } from '../storage/sql.js';
import { listen, type Listening } from '../test-support/listen.js';
import { sqlBackends } from '../test-support/sql.js';
import { scaled } from '@contrail/shared/test-support/time-scale';

/** Text of every kind: any UTF-16 code unit (null bytes, controls, lone surrogates), long or empty. */
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\uD800',
    '\uDC00x',
    'a\u0007b',
    '2027-99-99',
    '%E0%A4%A',
    '../../etc/passwd',
    "'; DROP TABLE users; --",
  ),
  fc.string({ maxLength: 300 }),
);
/** Any JSON value, deep nesting included. */
const value: fc.Arbitrary<unknown> = fc.oneof(
  text,
  fc.jsonValue({ maxDepth: 4 }),
  fc.integer(),
  fc.double(),
  fc.nat({ max: 60 }).map((depth) => Array.from({ length: depth * 20 }).reduce<unknown>((inner) => [inner], 1)),
);
/** Percent-encodes any text; a lone surrogate becomes its (invalid) UTF-8 bytes, as a raw client would send them. */
const encode = (part: string) =>
  [...part].map((char) => (/[\uD800-\uDFFF]/.test(char) ? '%ED%A0%80' : encodeURIComponent(char))).join('');
/** A path segment: any text percent-encoded, or a malformed encoding. */
const segment = fc.oneof(
  text.map(encode),
  fc.constantFrom('%', '%E0%A4%A', '%FF', '%C0%AF', '..', '%2e%2e', 'off_MTV-Mj~1'),
  fc.base64String({ maxLength: 60 }).map((id) => `off_${id.replace(/[+/=]/g, '-')}_${id.length % 7}`),
);
const query = fc.dictionary(fc.string({ unit: 'binary', maxLength: 12 }), text, { maxKeys: 5 });
const bodyOf = (keys: string[]) =>
  fc.oneof(fc.record(Object.fromEntries(keys.map((key) => [key, value])), { requiredKeys: [] }), value);

interface Route {
  method: 'get' | 'post' | 'patch';
  path: (part: string) => string;
  /** Fields its schema reads; fuzzed with any value. */
  fields?: string[];
  as?: 'traveller' | 'root';
}

/** Every route that reads input, as its router declares it (path, query and body). */
const ROUTES: Route[] = [
  { method: 'get', path: (id) => `/api/brands/${id}` },
  {
    method: 'post',
    path: () => '/api/auth/register',
    fields: ['username', 'email', 'firstName', 'lastName', 'password'],
  },
  { method: 'post', path: () => '/api/auth/login', fields: ['username', 'password'] },
  {
    method: 'post',
    path: () => '/api/auth/change-password',
    fields: ['currentPassword', 'newPassword'],
    as: 'traveller',
  },
  { method: 'post', path: () => '/api/auth/login/two-factor', fields: ['code'] },
  { method: 'post', path: () => '/api/auth/login/two-factor/confirm', fields: ['code'] },
  { method: 'post', path: () => '/api/auth/two-factor/confirm', fields: ['code'], as: 'traveller' },
  { method: 'post', path: () => '/api/auth/two-factor/disable', fields: ['password', 'code'], as: 'traveller' },
  { method: 'post', path: () => '/api/auth/two-factor/recovery-codes', fields: ['code'], as: 'traveller' },
  {
    method: 'post',
    path: () => '/api/support-requests',
    fields: ['kind', 'name', 'email', 'phone', 'message', 'reason'],
  },
  { method: 'get', path: () => '/api/admin/support-requests', as: 'root' },
  { method: 'post', path: () => '/api/admin/settings', fields: ['enableLiveMode'], as: 'root' },
  { method: 'post', path: () => '/api/admin/brands', fields: ['key', 'name', 'theme', 'contact', 'logo'], as: 'root' },
  { method: 'get', path: (key) => `/api/admin/brands/${key}`, as: 'root' },
  {
    method: 'patch',
    path: (key) => `/api/admin/brands/${key}`,
    fields: ['name', 'theme', 'version', 'key'],
    as: 'root',
  },
  { method: 'post', path: (key) => `/api/admin/brands/${key}/disable`, as: 'root' },
  { method: 'get', path: (name) => `/api/admin/projections/${name}`, as: 'root' },
  { method: 'get', path: () => '/api/flights/search' },
  {
    method: 'post',
    path: () => '/api/flights/search',
    fields: ['origin', 'destination', 'departureDate', 'returnDate', 'adultsCount', 'cabinClass'],
  },
  { method: 'get', path: (id) => `/api/flights/offer/${id}` },
  { method: 'get', path: (id) => `/api/flights/seatmaps/${id}` },
  { method: 'get', path: (id) => `/api/flights/verify-offer/${id}` },
  {
    method: 'post',
    path: () => '/api/payments/process-card',
    fields: ['offerId', 'amount', 'currency', 'cardDetails'],
  },
  {
    method: 'post',
    path: () => '/api/bookings',
    fields: ['offerId', 'passengers', 'paymentDetails', 'paymentId', 'extra'],
  },
  { method: 'get', path: () => '/api/bookings/lookup' },
  { method: 'get', path: (id) => `/api/bookings/${id}`, as: 'traveller' },
  { method: 'post', path: (id) => `/api/bookings/${id}/cancel`, as: 'traveller' },
  { method: 'get', path: () => '/api/bookings/guest', as: 'traveller' },
  { method: 'post', path: (id) => `/api/bookings/${id}/confirm`, as: 'traveller' },
  { method: 'post', path: (id) => `/api/admin/bookings/${id}/erase-passengers`, fields: ['reason'], as: 'root' },
  { method: 'post', path: () => '/api/admin/accounts/erase', fields: ['email', 'brand', 'reason'], as: 'root' },
  { method: 'post', path: (id) => `/api/admin/bookings/${id}/reveal`, fields: ['reason'], as: 'root' },
  { method: 'post', path: (id) => `/api/admin/bookings/${id}/notes`, fields: ['text'], as: 'root' },
  { method: 'get', path: (id) => `/api/admin/bookings/${id}/desk`, as: 'root' },
  { method: 'post', path: () => '/api/admin/outbox/reveal', fields: ['bookingId', 'reason'], as: 'root' },
  { method: 'get', path: () => '/api/admin/access-log', as: 'root' },
  { method: 'get', path: () => '/api/admin/access-log.csv', as: 'root' },
  { method: 'get', path: () => '/api/admin/bookings', as: 'root' },
  { method: 'get', path: (id) => `/api/admin/bookings/${id}/history`, as: 'root' },
  { method: 'get', path: () => '/api/admin/outbox', as: 'root' },
  {
    method: 'post',
    path: () => '/api/admin/staff/invitations',
    fields: ['email', 'role', 'brands', 'reason'],
    as: 'root',
  },
  { method: 'post', path: (id) => `/api/admin/staff/${id}/role`, fields: ['role', 'brands', 'reason'], as: 'root' },
  { method: 'post', path: (id) => `/api/admin/staff/${id}/revoke`, fields: ['reason'], as: 'root' },
  { method: 'get', path: (id) => `/api/admin/staff/${id}/history`, as: 'root' },
  { method: 'get', path: (token) => `/api/staff/invitations/${token}` },
  {
    method: 'post',
    path: () => '/api/staff/invitations/accept',
    fields: ['token', 'username', 'password', 'firstName', 'lastName'],
  },
  { method: 'get', path: (any) => `/${any}` },
  { method: 'get', path: (id) => `/sandbox/duffel/air/offers/${id}` },
  { method: 'get', path: (id) => `/sandbox/duffel/air/seat_maps?offer_id=${id}` },
  { method: 'post', path: () => '/sandbox/duffel/air/offer_requests', fields: ['data'] },
  { method: 'post', path: () => '/sandbox/duffel/air/orders', fields: ['data'] },
  { method: 'get', path: (id) => `/v1/payment_intents/${id}` },
  { method: 'get', path: () => '/api/admin/revenue', as: 'root' },
  { method: 'get', path: (id) => `/v1/charges/${id}` },
  { method: 'get', path: (id) => `/v1/balance_transactions/${id}` },
];

/** Issue 16 / DESIGN §7: no input, however malformed, produces a 5xx, on any route. */
describe.each(sqlBackends())('every route under fuzzed input on $name', (backend) => {
  let sql: SqlClient;
  let server: Listening;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    sql = await backend.open();
    const selfUrl = new SelfUrl('127.0.0.1', 0);
    const base = await adminTestApp(sql, {
      selfUrl,
      payments: selfAddressedGateway(selfUrl),
      stripeSandbox: { store: new SqlStripeSandboxStore(sql) },
    });
    server = await listen(base.app, base.deps);
    cookies.traveller = await base.cookie('traveller');
    cookies.root = await base.cookie('root');
  }, scaled(60_000));
  afterAll(async () => {
    await server?.close();
    await sql?.close();
  });

  for (const route of ROUTES) {
    it(
      `${route.method.toUpperCase()} ${route.path(':param')} answers 4xx, never 5xx`,
      async () => {
        await fc.assert(
          fc.asyncProperty(segment, query, bodyOf(route.fields ?? []), async (part, params, body) => {
            const path = route.path(part);
            const { stripeKey, duffelToken } = TEST_SANDBOX_CREDENTIALS;
            const client = request(server.url);
            let call = client[route.method](path)
              .set('Authorization', `Bearer ${path.startsWith('/v1') ? stripeKey : duffelToken}`)
              .set('Duffel-Version', 'v2')
              .query(params);
            if (route.as) call = call.set('Cookie', cookies[route.as]!);
            if (route.method !== 'get')
              call = call.set('Content-Type', 'application/json').send(JSON.stringify(body) ?? 'null');
            const response = await call.ok(() => true);
            expect(
              response.status,
              `${route.method} ${path} ${JSON.stringify(body)?.slice(0, 300)}: ${response.text.slice(0, 300)}`,
            ).toBeLessThan(500);
          }),
          { numRuns: 25, endOnFailure: true },
        );
      },
      scaled(120_000),
    );
  }
});
