import { roleCan, type StaffAction } from '@contrail/shared/staff/policy';
import { STAFF_ROLES, type StaffRole } from '@contrail/shared/staff/roles';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTestApp, type AdminTestApp } from '../admin/test-support/admin-app.js';
import { SelfUrl } from '../calls/self-url.js';
import { selfAddressedGateway } from '../payments/wiring.js';
import { postgresEventStore } from '../eventstore/postgres-eventstore.js';
import { projectionRunner } from '../projections/runner.js';
import type { SqlClient } from '../storage/sql.js';
import { sqlBackends } from '../test-support/sql.js';
import { addStaff, STAFF_PASSWORD } from './test-support/staff-users.js';

interface Layer {
  route?: { path: string; methods: Record<string, boolean>; stack: Layer[] };
  handle: { stack?: Layer[]; staffAction?: StaffAction };
  rawPath?: unknown;
}

interface RouteEntry {
  method: string;
  path: string;
  /** Every policy action the request passes on its way (mounted guards, then the route's own). */
  actions: StaffAction[];
}

/** Every route of the app with the guards on its way, read from Express's own router. */
function routesOf(stack: Layer[], prefix = '', outer: StaffAction[] = []): RouteEntry[] {
  const found: RouteEntry[] = [];
  let guards = outer;
  for (const layer of stack) {
    if (layer.route) {
      const own = layer.route.stack.flatMap((inner) => inner.handle.staffAction ?? []);
      for (const method of Object.keys(layer.route.methods)) {
        found.push({ method, path: prefix + layer.route.path, actions: [...guards, ...own] });
      }
    } else if (layer.handle.stack) {
      const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      found.push(...routesOf(layer.handle.stack, prefix + mount, guards));
    } else if (layer.handle.staffAction) {
      guards = [...guards, layer.handle.staffAction];
    }
  }
  return found;
}

/** The invitation link's routes: for people who are not signed in yet, by design. */
const PUBLIC_STAFF_ROUTES = ['GET /api/staff/invitations/:token', 'POST /api/staff/invitations/accept'];

const concrete = (path: string) => path.replace(/:(\w+)/g, 'no-such-$1');

type Who = 'signed-out' | 'traveller' | StaffRole;
const LOGINS: Record<Exclude<Who, 'signed-out'>, { username: string; brand: string; password?: string }> = {
  traveller: { username: 'traveller', brand: 'default' },
  'platform-admin': { username: 'root', brand: 'default' },
  'brand-admin': { username: 'skyboss', brand: 'skyfares.com', password: STAFF_PASSWORD },
  'support-agent': { username: 'skyagent', brand: 'skyfares.com', password: STAFF_PASSWORD },
  auditor: { username: 'skyaudit', brand: 'skyfares.com', password: STAFF_PASSWORD },
};

/** What the policy says `who` gets from a route guarded by `actions`. */
function expected(who: Who, actions: readonly StaffAction[]): 'signed out' | 'forbidden' | 'allowed' {
  if (who === 'signed-out') return 'signed out';
  if (who === 'traveller') return 'forbidden';
  return actions.every((action) => roleCan(who, action)) ? 'allowed' : 'forbidden';
}

const cookieHeader = (setCookie: string[]) => setCookie.map((cookie) => cookie.split(';')[0]).join('; ');

/** The cookie header after a response's Set-Cookie: each cookie named there replaced. */
function mergedCookies(header: string, setCookie: string[]): string {
  const jar = new Map(header.split('; ').map((pair) => [pair.split('=')[0]!, pair] as const));
  for (const pair of cookieHeader(setCookie).split('; ')) jar.set(pair.split('=')[0]!, pair);
  return [...jar.values()].join('; ');
}

const outcomeOf = (status: number) => (status === 401 ? 'signed out' : status === 403 ? 'forbidden' : 'allowed');

describe.each(sqlBackends())('every admin and staff route against the one policy ($name)', (backend) => {
  let sql: SqlClient;
  let admin: AdminTestApp;
  let app: Express;
  let routes: RouteEntry[];
  const cookies = new Map<Who, string>();

  beforeAll(async () => {
    sql = await backend.open();
    const eventStore = postgresEventStore(sql, { pollIntervalMs: 10 });
    const selfUrl = new SelfUrl('127.0.0.1', 0);
    // Payments (never called here) so that the booking routes are mounted, and an empty read-model
    // runner so that the projections routes are.
    admin = await adminTestApp(sql, {
      selfUrl,
      payments: selfAddressedGateway(selfUrl),
      eventStore,
      projections: projectionRunner({ sql, eventStore, projections: [] }),
    });
    app = admin.app;
    await addStaff(admin.deps, { username: 'skyboss', role: 'brand-admin', brands: ['skyfares.com'] });
    await addStaff(admin.deps, { username: 'skyagent', role: 'support-agent', brands: ['skyfares.com'] });
    await addStaff(admin.deps, { username: 'skyaudit', role: 'auditor', brands: ['skyfares.com'] });
    for (const [who, login] of Object.entries(LOGINS)) {
      const response = await request(app)
        .post('/api/auth/login')
        .set('X-Brand-Key', login.brand)
        .send({ username: login.username, password: login.password ?? 'a-Password-1!' })
        .expect(200);
      cookies.set(who as Who, cookieHeader(response.headers['set-cookie'] as unknown as string[]));
    }
    const router = (app as unknown as { router: { stack: Layer[] } }).router;
    routes = routesOf(router.stack).filter(
      (route) => route.path.startsWith('/api/admin') || route.path.startsWith('/api/staff'),
    );
  });
  afterAll(async () => {
    await sql.close();
  });

  it('finds the admin routes, each guarded by a policy action', () => {
    const paths = routes.map((route) => `${route.method.toUpperCase()} ${route.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /api/admin/staff/',
        'POST /api/admin/staff/invitations',
        'POST /api/admin/staff/:id/role',
        'POST /api/admin/staff/:id/revoke',
        'GET /api/admin/staff/:id/history',
        'GET /api/admin/staff/history',
        'PATCH /api/admin/brands/:key',
        'GET /api/admin/bookings',
        'POST /api/admin/settings',
        'GET /api/admin/projections/',
        'POST /api/admin/bookings/:id/reveal',
        'POST /api/admin/outbox/reveal',
        'POST /api/admin/bookings/:id/notes',
        'GET /api/admin/access-log',
        'GET /api/admin/bookings/:id/money',
        'POST /api/admin/bookings/:id/cancellation-quote',
        'POST /api/admin/bookings/:id/cancel',
        'POST /api/admin/bookings/:id/resend-confirmation',
        'POST /api/admin/exports/bookings/reveal',
        'GET /api/admin/booking-search',
        'GET /api/admin/contact-messages',
        'GET /api/admin/contact-messages/:id',
        'POST /api/admin/contact-messages/:id/status',
        'POST /api/admin/contact-messages/:id/assignment',
        ...PUBLIC_STAFF_ROUTES,
      ]),
    );
    const unguarded = routes.filter(
      (route) =>
        route.actions.length === 0 && !PUBLIC_STAFF_ROUTES.includes(`${route.method.toUpperCase()} ${route.path}`),
    );
    expect(unguarded.map((route) => `${route.method.toUpperCase()} ${route.path}`)).toEqual([]);
  });

  it('answers every route as the policy says, for everyone signed out, a traveller and each staff role', async () => {
    const table: string[] = [];
    const answers: string[] = [];
    for (const route of routes) {
      const name = `${route.method.toUpperCase()} ${route.path}`;
      if (PUBLIC_STAFF_ROUTES.includes(name)) continue;
      for (const who of ['signed-out', 'traveller', ...STAFF_ROLES] as const) {
        const method = route.method as 'get' | 'post' | 'patch';
        const agent = request(app);
        const brand = who === 'signed-out' || who === 'traveller' ? 'default' : LOGINS[who].brand;
        const call = agent[method](concrete(route.path)).set('X-Brand-Key', brand);
        const cookie = cookies.get(who);
        if (cookie) call.set('Cookie', cookie);
        // An invalid body (an array): an allowed call is refused as bad input and changes nothing.
        const response = route.method === 'get' ? await call : await call.send([]);
        // POST /api/admin/login renews the session cookie (and ends the one it replaces).
        const renewed = response.headers['set-cookie'] as unknown as string[] | undefined;
        if (cookie && renewed) cookies.set(who, mergedCookies(cookie, renewed));
        table.push(`${name} ${who}: ${expected(who, route.actions)}`);
        answers.push(`${name} ${who}: ${outcomeOf(response.status)}`);
      }
    }
    expect(answers).toEqual(table);
  });

  it('lets anyone open the invitation routes, refusing a bad token as bad input', async () => {
    await request(app).get('/api/staff/invitations/not-a-token').expect(404);
    await request(app).post('/api/staff/invitations/accept').send({}).expect(400);
  });
});
