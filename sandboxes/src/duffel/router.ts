import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { answerDuffelRequest, internalError } from './endpoints.js';
import { DuffelApiError, duffelRequestId, sendDuffelError } from './errors.js';
import type { DuffelSandbox } from './sandbox.js';

const BODY_LIMIT = '1mb';

/** What express.json fails with: `type` names the failure, `status` is its HTTP status. */
type BodyParserError = Error & { type?: string; status?: number };

/** A body the parser refused, in Duffel's error shape; anything else is the sandbox's own fault (500). */
function bodyError(error: BodyParserError): DuffelApiError {
  if (error.type === 'entity.parse.failed') {
    return new DuffelApiError(
      400,
      'invalid_request_error',
      'malformed_json',
      'Malformed JSON',
      'The request body is not valid JSON',
    );
  }
  if (error.type === 'entity.too.large') {
    return new DuffelApiError(
      413,
      'invalid_request_error',
      'request_too_large',
      'Request too large',
      `The request body is larger than ${BODY_LIMIT}`,
    );
  }
  const status = error.status ?? 500;
  if (status >= 400 && status < 500) {
    return new DuffelApiError(status, 'invalid_request_error', 'invalid_request', 'Invalid request', error.message);
  }
  return internalError();
}

/** Duffel's HTTP API over a sandbox, to mount under a prefix such as `/sandbox/duffel` (the endpoints are in endpoints.ts). */
export function duffelSandboxRouter(sandbox: DuffelSandbox): Router {
  const router = Router();
  router.use(express.json({ limit: BODY_LIMIT }));
  router.use(async (req: Request, res: Response, next: NextFunction) => {
    try {
      const { status, headers, body } = await answerDuffelRequest(sandbox, {
        method: req.method,
        path: req.path,
        query: req.query as Record<string, unknown>,
        body: req.body,
        authorization: req.get('authorization'),
        duffelVersion: req.get('duffel-version'),
        requestId: duffelRequestId(res),
      });
      // Sent as is: res.json would also hash every answer (a listing is ~300 KB) for an ETag no client reads.
      const bytes = Buffer.from(JSON.stringify(body));
      res
        .status(status)
        .set({ ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': bytes.length });
      res.end(bytes);
    } catch (error) {
      next(error);
    }
  });
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    sendDuffelError(res, bodyError(error as BodyParserError));
  });
  return router;
}
