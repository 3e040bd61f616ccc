import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { answerDuffelRequest, internalError } from './endpoints.js';
import { DuffelApiError, sendDuffelError } from './errors.js';
import type { DuffelSandbox } from './sandbox.js';

/** Duffel's HTTP API over a sandbox, to mount under a prefix such as `/sandbox/duffel` (the endpoints are in endpoints.ts). */
export function duffelSandboxRouter(sandbox: DuffelSandbox): Router {
  const router = Router();
  router.use(express.json({ limit: '1mb' }));
  router.use(async (req: Request, res: Response, next: NextFunction) => {
    try {
      const { status, body } = await answerDuffelRequest(sandbox, {
        method: req.method,
        path: req.path,
        query: req.query as Record<string, unknown>,
        body: req.body,
        authorization: req.get('authorization'),
        duffelVersion: req.get('duffel-version'),
      });
      // Sent as is: res.json would also hash every answer (a listing is ~300 KB) for an ETag no client reads.
      const bytes = Buffer.from(JSON.stringify(body));
      res.status(status).set({ 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': bytes.length });
      res.end(bytes);
    } catch (error) {
      next(error);
    }
  });
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
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
        : internalError(),
    );
  });
  return router;
}
