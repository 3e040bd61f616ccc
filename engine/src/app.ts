import { randomUUID } from 'node:crypto';
import express, { Router, type Express } from 'express';
import { pinoHttp } from 'pino-http';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import { healthRoutes, type ReadinessCheck } from './health/routes.js';
import { apiNotFound, errorHandler } from './http/errors.js';
import { storefrontRoutes } from './http/storefront.js';
import type { Logger } from './logging/logger.js';
import type { SqlClient } from './storage/sql.js';

/** Everything the HTTP app needs from the outside world; built by the runtime or by a test. */
export interface AppDeps {
  config: Config;
  clock: Clock;
  logger: Logger;
  sql: SqlClient;
  /** Checks behind /readyz besides storage (projection lag, queues, ...). */
  readiness?: ReadinessCheck[];
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.trustProxy);

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

  app.use('/api', express.json({ limit: deps.config.bodyLimit }), apiRoutes(deps), apiNotFound);
  app.use(storefrontRoutes(deps.config.storefrontDir));
  app.use(errorHandler({ exposeStack: deps.config.env !== 'production' }));
  return app;
}

/** The JSON API: one router per capability, mounted under /api. */
function apiRoutes(_deps: AppDeps): Router {
  const api = Router();
  return api;
}
