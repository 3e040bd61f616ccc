import zlib from 'node:zlib';
import compression from 'compression';
import express, { Router, type Express, type RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import {
  sandboxScheduleChangeRoutes,
  scheduleChangeRoutes,
  type AirlineChangeControl,
} from './bookings/schedule-changes/routes.js';
import { accountRoutes, accountsMiddleware } from './accounts/middleware.js';
import { adminRoutes } from './admin/routes.js';
import { revenueRoutes } from './revenue/routes.js';
import { webhookRoutes } from './webhooks/routes.js';
import { emailAlertRoutes } from './webhooks/email-alert-routes.js';
import { exportRoutes } from './exports/routes.js';
import { adminStaffRoutes, staffInvitationRoutes } from './staff/routes.js';
import { StaffService } from './staff/staff-service.js';
import { projectionRoutes } from './admin/projections-routes.js';
import { brandRoutes } from './brands/routes.js';
import { bookingRoutes } from './bookings/http/routes.js';
import { savedTravellerRoutes } from './saved-travellers/routes.js';
import { priceTrackingRoutes } from './price-tracking/routes.js';
import { priceTrackingDepsFrom } from './price-tracking/wiring.js';
import { sandboxRoutePriceRoutes, type RoutePriceControl } from './price-tracking/sandbox-routes.js';
import type { BookingDeps } from './bookings/deps.js';
import type { PaymentGateway } from './payments/gateway.js';
import type { FlightProvider } from './flights/provider.js';
import { flightRoutes } from './flights/routes.js';
import { inThreadSearchPages, type SearchPages } from './flights/search-pages.js';
import { systemRoutes } from './system-mode/routes.js';
import type { SelfUrl } from './calls/self-url.js';
import type { RateLimitStoreFactory } from './accounts/rate-limits.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { EventStore } from './eventstore/eventstore.js';
import type { JobQueue } from './jobs/job-queue.js';
import type { ProjectionRunner } from './projections/runner.js';
import { healthRoutes, readinessDetails, type ReadinessCheck } from './health/routes.js';
import { crawlerRoutes } from './http/crawlers.js';
import { airlineBadgeRoutes } from './flights/airline-badges.js';
import { apiNotFound, errorHandler } from './http/errors.js';
import { jsonBody, rejectMalformedPath, rejectUnsafeInput } from './http/input-guard.js';
import { requestId } from './http/request-id.js';
import { securityHeaders } from './http/security-headers.js';
import { storefrontRoutes } from './http/storefront.js';
import { lookupRateLimits } from './support-requests/rate-limit.js';
import { supportRoutes } from './support-requests/routes.js';
import { inboxRoutes } from './support-desk/inbox/routes.js';
import { BlindIndex } from './support-desk/search/blind-index.js';
import { bookingSearchRoutes } from './support-desk/search/routes.js';
import { accessLogSerializers, type Logger } from './logging/logger.js';
import type { SqlClient } from './storage/sql.js';
import type { SharedServices } from './runtime/services.js';

/**
 * Everything the HTTP app needs, built once by the composition root (runtime/runtime.ts, or a test's
 * testDeps): the adapters, the shared services and the booking saga's dependencies. The app only
 * mounts routes on them; it builds nothing.
 */
export interface AppDeps extends SharedServices {
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
  /** Shared rate-limit counters (Redis when REDIS_URL is set); in memory without. */
  rateLimitStore?: RateLimitStoreFactory;
  /** The flight provider (Duffel, or a Duffel sandbox); flights/wiring.ts builds it from the config. */
  flights?: FlightProvider;
  /** This engine's own base URL, set once it listens. */
  selfUrl?: SelfUrl;
  /** The payment gateway (Stripe, or a Stripe sandbox); payments/wiring.ts builds it from the config. */
  payments?: PaymentGateway;
  /**
   * The provider sandboxes mounted on this engine (the embedded default): Stripe's at the root
   * (/v1/...), Duffel's at /sandbox/duffel, behind their own gate. Built by the composition root
   * (runtime/sandboxes.ts); the app only mounts them.
   */
  sandboxes?: RequestHandler;
  /** The mounted Duffel sandbox's schedule-change control (issue #36): an admin route in test mode. */
  sandboxAirlineChanges?: AirlineChangeControl;
  /** The mounted Duffel sandbox's route repricing (issue 34): an admin route in test mode. */
  sandboxRoutePrices?: RoutePriceControl;
  /** The booking saga's dependencies (bookings/wiring.ts), shared by its routes and jobs; absent until flights and payments exist. */
  bookings?: BookingDeps;
  /**
   * Search pages and the offers they listed lately (for the HTML of their details and booking
   * pages): the runtime's search thread; answered on the app's own thread when absent.
   */
  searchPages?: SearchPages;
}

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
      serializers: accessLogSerializers,
      wrapSerializers: false,
      genReqId: requestId,
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
    }),
  );

  // Brotli or gzip for answers made per request (API JSON, HTML); precompressed files and cached
  // search pages set their own Content-Encoding, which the middleware leaves alone.
  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } }));
  app.use(healthRoutes(readinessChecks(deps)));
  if (deps.sandboxes) app.use(deps.sandboxes);
  app.use(rejectMalformedPath);

  const searchPages = deps.searchPages ?? (deps.flights && inThreadSearchPages(deps.clock, deps.flights));
  app.use(
    '/api',
    jsonBody(deps.config.bodyLimit),
    rejectUnsafeInput,
    accountsMiddleware(deps),
    apiRoutes(deps, searchPages),
    apiNotFound,
  );
  if (!deps.config.devTools) app.use(noSourceMaps);
  app.use(crawlerRoutes());
  app.use(airlineBadgeRoutes());
  app.use(
    storefrontRoutes(deps.config.storefrontDir, deps.brands, searchPages && { offers: searchPages, clock: deps.clock }),
  );
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
function apiRoutes(deps: AppDeps, searchPages: SearchPages | undefined): Router {
  const api = Router();
  api.get('/admin/readiness', ...readinessDetails(readinessChecks(deps)));
  api.use('/auth', accountRoutes(deps));
  api.use(supportRoutes(deps));
  if (deps.projections) api.use('/admin/projections', projectionRoutes({ ...deps, projections: deps.projections }));
  api.use('/admin/revenue', revenueRoutes(deps));
  api.use('/admin/webhooks', webhookRoutes(deps));
  api.use('/admin/email-alerts', emailAlertRoutes(deps));
  const staff = new StaffService(deps);
  api.use('/admin/staff', adminStaffRoutes(staff, deps.config, deps.brands));
  api.use('/staff', staffInvitationRoutes(staff));
  api.use('/admin', adminRoutes(deps));
  if (deps.flights && searchPages) {
    api.use(
      '/flights',
      flightRoutes({
        flights: deps.flights,
        clock: deps.clock,
        verifications: deps.verifications,
        priceIndex: deps.priceIndex,
        searchPages,
        brands: deps.brands,
      }),
    );
  }
  api.use('/system', systemRoutes(deps));
  api.use('/brands', brandRoutes(deps.brands));
  api.get('/bookings/lookup', ...lookupRateLimits(deps.rateLimitStore));
  if (deps.bookings) api.use('/admin/exports', exportRoutes(deps.bookings));
  if (deps.bookings) api.use(bookingRoutes(deps.bookings), scheduleChangeRoutes(deps.bookings));
  if (deps.bookings && deps.sandboxAirlineChanges) {
    const isLive = async () => (await deps.systemMode.current()) === 'live';
    api.use(sandboxScheduleChangeRoutes(deps.bookings, deps.sandboxAirlineChanges, isLive));
  }
  if (deps.sandboxRoutePrices) {
    const isLive = async () => (await deps.systemMode.current()) === 'live';
    api.use(sandboxRoutePriceRoutes(deps.sandboxRoutePrices, isLive));
  }
  const { piiMasterKey } = deps.config;
  if (piiMasterKey) api.use(savedTravellerRoutes({ sql: deps.sql, clock: deps.clock, piiMasterKey }));
  const priceTracking =
    deps.bookings &&
    priceTrackingDepsFrom(deps.bookings, deps.config, () => deps.config.publicUrl ?? deps.selfUrl?.get() ?? '');
  if (priceTracking) api.use(priceTrackingRoutes(priceTracking));
  api.use('/admin', inboxRoutes(deps));
  // The booking deps exist only with a PII master key, which keys the search's blind index.
  if (deps.bookings && deps.config.piiMasterKey)
    api.use('/admin', bookingSearchRoutes(deps.bookings, new BlindIndex(deps.config.piiMasterKey)));
  return api;
}
