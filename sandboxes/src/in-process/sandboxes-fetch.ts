import express, { type RequestHandler } from 'express';
import { inProcessFetch, type FetchFunction } from './fetch.js';

/**
 * A fetch that answers from the sandboxes' routes in this process: the same router, gate and
 * answers as over HTTP, without the loopback socket (the embedded default's search pays no HTTP).
 */
export function sandboxesFetch(routes: RequestHandler): FetchFunction {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.use(routes);
  return inProcessFetch(app);
}
