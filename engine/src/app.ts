import { randomUUID } from 'node:crypto';
import express, { Router, type Express } from 'express';
import { pinoHttp } from 'pino-http';
import { accountRoutes, accountsMiddleware } from './accounts/middleware.js';
import { adminRoutes } from './admin/routes.js';
import type { SystemModeStore } from './admin/system-mode-store.js';
import type { PasswordHasher } from './accounts/passwords.js';
import type { RateLimitStoreFactory } from './accounts/rate-limits.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { EventStore } from './eventstore/eventstore.js';
import { healthRoutes, type ReadinessCheck } from './health/routes.js';
import { apiNotFound, errorHandler } from './http/errors.js';
import { storefrontRoutes } from './http/storefront.js';
import { supportRoutes } from './support/routes.js';
import type { Logger } from './logging/logger.js';
import type { SqlClient } from './storage/sql.js';

/** Everything the HTTP app needs from the outside world; built by the runtime or by a test. */
export interface AppDeps {
  config: Config;
  clock: Clock;
  logger: Logger;
  sql: SqlClient;
  /** The event store: PostgreSQL/PGlite over `sql`, or KurrentDB when EVENTSTORE_URL is set. */
  eventStore: EventStore;
  /** Checks behind /readyz besides storage (projection lag, queues, ...). */
  readiness?: ReadinessCheck[];
  /** Password hashing; OWASP-cost scrypt unless a test injects a cheaper one. */
  passwordHasher?: PasswordHasher;
  /** Shared rate-limit counters (Redis when REDIS_URL is set); in memory without. */
  rateLimitStore?: RateLimitStoreFactory;
  /** The system mode reader/switcher; by default one per event store (admin/system-mode-store.ts). */
  systemMode?: SystemModeStore;
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // One proxy hop: X-Forwarded-For entries further left are whatever the client sent, and
  // trusting them would let anyone pick their own IP past the rate limits.
  app.set('trust proxy', deps.config.trustProxy ? 1 : false);

  app.use(
    pinoHttp({
      logger: deps.logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
    }),
  );

  const storageCheck: ReadinessCheck = {
    name: 'storage',
    check: async () => {
      await deps.sql.query('SELECT 1');
      return { ok: true, detail: deps.sql.kind };
    },
  };
  app.use(healthRoutes([storageCheck, ...(deps.readiness ?? [])]));

  app.use(
    '/api',
    express.json({ limit: deps.config.bodyLimit }),
    accountsMiddleware(deps),
    apiRoutes(deps),
    apiNotFound,
  );
  app.use(storefrontRoutes(deps.config.storefrontDir));
  app.use(errorHandler({ exposeStack: deps.config.env !== 'production' }));
  return app;
}

/** The JSON API: one router per capability, mounted under /api. */
function apiRoutes(deps: AppDeps): Router {
  const api = Router();
  api.use('/auth', accountRoutes(deps));
  api.use(supportRoutes(deps));
  api.use('/admin', adminRoutes(deps));
  return api;
}
