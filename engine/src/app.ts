import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import compression from 'compression';
import express, { Router, type Express, type RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import { accountRoutes, accountsMiddleware } from './accounts/middleware.js';
import { adminRoutes } from './admin/routes.js';
import { projectionRoutes } from './admin/projections-routes.js';
import { brandDirectory, type BrandDirectory } from './brands/brand-directory.js';
import { BrandStore } from './brands/brand-store.js';
import { brandRoutes } from './brands/routes.js';
import { bookingRoutes } from './bookings/http/routes.js';
import type { BookingDeps } from './bookings/deps.js';
import { bookingDepsFrom } from './bookings/wiring.js';
import type { PaymentGateway } from './payments/gateway.js';
import type { StripeSandboxRouterOptions } from './sandbox/stripe/router.js';
import type { FlightProvider } from './flights/provider.js';
import { flightRoutes } from './flights/routes.js';
import { OfferVerifications, SqlVerificationStore } from './flights/offer-verifications.js';
import type { SandboxCredentials } from './sandbox/credentials.js';
import type { DuffelSandbox } from './sandbox/duffel/sandbox.js';
import { sandboxRoutes } from './sandbox/routes.js';
import { systemRoutes } from './system-mode/routes.js';
import type { SelfUrl } from './calls/self-url.js';
import { systemModeOf, type SystemModeStore } from './system-mode/store.js';
import type { PasswordHasher } from './accounts/passwords.js';
import type { RateLimitStoreFactory } from './accounts/rate-limits.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { EventStore } from './eventstore/eventstore.js';
import type { JobQueue } from './jobs/job-queue.js';
import type { ProjectionRunner } from './projections/runner.js';
import { healthRoutes, readinessDetails, type ReadinessCheck } from './health/routes.js';
import { crawlerRoutes } from './http/crawlers.js';
import { apiNotFound, errorHandler } from './http/errors.js';
import { jsonBody, rejectMalformedPath, rejectUnsafeInput } from './http/input-guard.js';
import { securityHeaders } from './http/security-headers.js';
import { storefrontRoutes } from './http/storefront.js';
import { lookupRateLimits } from './support-requests/rate-limit.js';
import { supportRoutes } from './support-requests/routes.js';
import { scrubbedRequest, type Logger } from './logging/logger.js';
import type { SqlClient } from './storage/sql.js';

/** Everything the HTTP app needs from the outside world; built by the runtime or by a test. */
export interface AppDeps {
  config: Config;
  clock: Clock;
  logger: Logger;
  sql: SqlClient;
  /** The event store: PostgreSQL/PGlite over `sql`, or KurrentDB when EVENTSTORE_URL is set. */
  eventStore: EventStore;
  /** Background jobs: BullMQ when REDIS_URL is set, else in-process on `sql` (jobs/queues.ts lists them). */
  jobs: JobQueue;
  /** Checks behind /readyz besides storage (projection lag, queues, ...). */
  readiness?: ReadinessCheck[];
  /** The read models' runner, for /api/admin/projections (status and rebuild); the runtime's own. */
  projections?: ProjectionRunner;
  /** Password hashing; OWASP-cost scrypt unless a test injects a cheaper one. */
  passwordHasher?: PasswordHasher;
  /** Shared rate-limit counters (Redis when REDIS_URL is set); in memory without. */
  rateLimitStore?: RateLimitStoreFactory;
  /** The system mode reader/switcher; by default one per event store (admin/system-mode-store.ts). */
  systemMode?: SystemModeStore;
  /** The flight provider (Duffel, or the sandbox below); flights/wiring.ts builds it from the config. */
  flights?: FlightProvider;
  /** The Duffel sandbox, mounted at /sandbox/duffel when flights go to it. */
  duffelSandbox?: DuffelSandbox;
  /** This engine's own base URL, set once it listens (the provider reaches the mounted sandbox through it). */
  selfUrl?: SelfUrl;
  /** Brands for GET /api/brands/:key; by default the brands table and the built-in default brand. */
  brands?: BrandDirectory;
  /** The payment gateway (Stripe, or the sandbox below); payments/wiring.ts builds it from the config. */
  payments?: PaymentGateway;
  /** The Stripe sandbox, mounted at the root (/v1/...) when payments go to it. */
  stripeSandbox?: StripeSandboxRouterOptions;
  /** The only credentials the mounted sandboxes answer; the runtime's own (sandbox/access.ts). */
  sandboxCredentials?: SandboxCredentials;
  /** How long POST /api/bookings waits for the provider order (bookings/wiring.ts has the default). */
  bookingOrderWaitMs?: number;
  /** The booking saga's dependencies as the runtime built them for its jobs; else built from the above. */
  bookings?: BookingDeps;
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** Source maps are a development aid: outside NODE_ENV=development they are not served. */
const noSourceMaps: RequestHandler = (req, res, next) => {
  if (req.path.endsWith('.map')) res.status(404).type('text').send('Not found');
  else next();
};

export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // One proxy hop: X-Forwarded-For entries further left are whatever the client sent, and
  // trusting them would let anyone pick their own IP past the rate limits.
  app.set('trust proxy', deps.config.trustProxy ? 1 : false);

  app.use(securityHeaders({ ...deps.config.csp, storefrontDir: deps.config.storefrontDir }));
  app.use(
    pinoHttp({
      logger: deps.logger,
      serializers: { req: scrubbedRequest },
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
    }),
  );

  // Brotli or gzip for answers made per request (API JSON, HTML); precompressed files and cached
  // search pages set their own Content-Encoding, which the middleware leaves alone.
  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } }));
  app.use(healthRoutes(readinessChecks(deps)));
  app.use(sandboxRoutes({ ...deps, mode: systemModeOf(deps) }));
  app.use(rejectMalformedPath);

  app.use(
    '/api',
    jsonBody(deps.config.bodyLimit),
    rejectUnsafeInput,
    accountsMiddleware(deps),
    apiRoutes(deps),
    apiNotFound,
  );
  if (!deps.config.devTools) app.use(noSourceMaps);
  app.use(crawlerRoutes());
  app.use(storefrontRoutes(deps.config.storefrontDir));
  app.use(errorHandler({ exposeStack: deps.config.devTools }));
  return app;
}

function readinessChecks(deps: AppDeps): ReadinessCheck[] {
  const storage: ReadinessCheck = {
    name: 'storage',
    check: async () => {
      await deps.sql.query('SELECT 1');
      return { ok: true, detail: deps.sql.kind };
    },
  };
  return [storage, ...(deps.readiness ?? [])];
}

/** The JSON API: one router per capability, mounted under /api. */
function apiRoutes(deps: AppDeps): Router {
  const api = Router();
  api.get('/admin/readiness', ...readinessDetails(readinessChecks(deps)));
  api.use('/auth', accountRoutes(deps));
  api.use(supportRoutes(deps));
  if (deps.projections) api.use('/admin/projections', projectionRoutes({ ...deps, projections: deps.projections }));
  api.use('/admin', adminRoutes(deps));
  const bookings = deps.bookings ?? bookingDepsFrom(deps);
  if (deps.flights) {
    // Verifications live in the database, so a worker's recheck is what verify-offer answers next.
    const verifications =
      bookings?.offerVerifications ?? new OfferVerifications(deps.clock, new SqlVerificationStore(deps.sql));
    api.use('/flights', flightRoutes({ flights: deps.flights, clock: deps.clock, verifications }));
  }
  api.use('/system', systemRoutes(deps));
  api.use('/brands', brandRoutes(deps.brands ?? brandDirectory(new BrandStore(deps.sql))));
  api.get('/bookings/lookup', ...lookupRateLimits(deps.rateLimitStore));
  if (bookings) api.use(bookingRoutes(bookings));
  return api;
}
