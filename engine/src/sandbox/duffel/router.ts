import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { DuffelApiError, invalid, sendDuffelError } from './errors.js';
import type { DuffelSandbox } from './sandbox.js';

const DEFAULT_LIMIT = 50;

function queryText(req: Request, name: string): string | undefined {
  const value = req.query[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function queryInteger(req: Request, name: string, min: number, max: number): number | undefined {
  const text = queryText(req, name);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max)
    throw invalid(name, `Field '${name}' must be a whole number from ${min} to ${max}`);
  return value;
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

/** Wraps a handler: its value becomes `{ data }` (or `{ data, meta }`), its Duffel errors Duffel's error shape. */
function answer(status: number, handler: (req: Request) => unknown): RequestHandler {
  return async (req, res, next) => {
    try {
      const result = await handler(req);
      const lostAnswer = res.locals.failAfterHandling as number | undefined;
      if (lostAnswer !== undefined) return next(faultError(lostAnswer));
      const body =
        result && typeof result === 'object' && 'meta' in result && 'data' in result ? result : { data: result };
      // Sent as is: res.json would also hash every answer (a listing is ~300 KB) for an ETag no client reads.
      const bytes = Buffer.from(JSON.stringify(body));
      res.status(status).set({ 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': bytes.length });
      res.end(bytes);
    } catch (error) {
      next(error);
    }
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Duffel's HTTP API over a sandbox, to mount under a prefix such as `/sandbox/duffel`. */
export function duffelSandboxRouter(sandbox: DuffelSandbox): Router {
  const router = Router();
  router.use(express.json({ limit: '1mb' }));

  router.use(async (req: Request, res: Response, next: NextFunction) => {
    if (sandbox.faults.latencyMs > 0) await sleep(sandbox.faults.latencyMs);
    const failure = sandbox.faults.takeFailure(req.path, req.method);
    if (failure?.afterHandling) res.locals.failAfterHandling = failure.status;
    else if (failure) return next(faultError(failure.status));
    if (!/^Bearer \S+$/.test(req.get('authorization') ?? '')) {
      return next(
        new DuffelApiError(
          401,
          'authentication_error',
          'missing_authorization_header',
          'Missing authorization',
          'The Authorization header must be "Bearer <access token>"',
        ),
      );
    }
    if (req.get('duffel-version') !== 'v2') {
      return next(
        new DuffelApiError(
          400,
          'invalid_request_error',
          'unsupported_version',
          'Unsupported version',
          'The Duffel-Version header must be v2',
        ),
      );
    }
    next();
  });

  const createOfferRequest = answer(201, (req) =>
    sandbox.createOfferRequest(req.body, queryText(req, 'return_offers') !== 'false'),
  );
  router.post('/air/offer_requests', createOfferRequest);
  router.post('/air/offer_requests/', createOfferRequest);
  router.get(
    '/air/offer_requests/:id',
    answer(200, (req) => sandbox.getOfferRequest(String(req.params.id))),
  );
  router.get(
    '/air/offers',
    answer(200, (req) => {
      const offerRequestId = queryText(req, 'offer_request_id');
      if (!offerRequestId)
        throw invalid('offer_request_id', "Field 'offer_request_id' can't be blank", 'validation_required');
      return sandbox.listOffers(offerRequestId, {
        limit: queryInteger(req, 'limit', 1, 200) ?? DEFAULT_LIMIT,
        after: queryText(req, 'after'),
        before: queryText(req, 'before'),
        sort: queryText(req, 'sort'),
        maxConnections: queryInteger(req, 'max_connections', 0, 2),
      });
    }),
  );
  router.get(
    '/air/offers/:id',
    answer(200, (req) =>
      sandbox.getOffer(String(req.params.id), queryText(req, 'return_available_services') === 'true'),
    ),
  );
  router.get(
    '/air/seat_maps',
    answer(200, (req) => {
      const offerId = queryText(req, 'offer_id');
      if (!offerId) throw invalid('offer_id', "Field 'offer_id' can't be blank", 'validation_required');
      return sandbox.seatMaps(offerId);
    }),
  );
  router.post(
    '/air/orders',
    answer(201, (req) => sandbox.createOrder(req.body)),
  );
  router.get(
    '/air/orders',
    answer(200, (req) =>
      sandbox.listOrders({
        limit: queryInteger(req, 'limit', 1, 200) ?? DEFAULT_LIMIT,
        after: queryText(req, 'after'),
      }),
    ),
  );
  router.get(
    '/air/orders/:id',
    answer(200, (req) => sandbox.getOrder(String(req.params.id))),
  );
  router.post(
    '/air/order_cancellations',
    answer(201, (req) => sandbox.createCancellation(req.body)),
  );
  router.get(
    '/air/order_cancellations/:id',
    answer(200, (req) => sandbox.getCancellation(String(req.params.id))),
  );
  router.post(
    '/air/order_cancellations/:id/actions/confirm',
    answer(200, (req) => sandbox.confirmCancellation(String(req.params.id))),
  );
  router.get(
    '/places/suggestions',
    answer(200, (req) => sandbox.suggestions(queryText(req, 'query') ?? '')),
  );

  router.use((req, _res, next) => {
    next(
      new DuffelApiError(
        404,
        'invalid_request_error',
        'not_found',
        'Not found',
        `No such endpoint: ${req.method} ${req.path}`,
      ),
    );
  });
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (error instanceof DuffelApiError) return sendDuffelError(res, error);
    const parseFailed = (error as { type?: string }).type === 'entity.parse.failed';
    sendDuffelError(
      res,
      parseFailed
        ? new DuffelApiError(
            400,
            'invalid_request_error',
            'malformed_json',
            'Malformed JSON',
            'The request body is not valid JSON',
          )
        : new DuffelApiError(
            500,
            'api_error',
            'internal_server_error',
            'Internal server error',
            'Something went wrong on our side',
          ),
    );
  });
  return router;
}
