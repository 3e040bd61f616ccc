import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { findUnsafeText } from '@contrail/shared';
import { DuffelApiError, sendDuffelError } from './duffel/errors.js';

export type SandboxKind = 'duffel' | 'stripe';

export interface SandboxGateOptions {
  kind: SandboxKind;
  /** The one bearer credential this sandbox answers (the engine's own token or key). */
  credential: string;
  /** Whether the system is live (a sandbox never answers then); asked on every request. */
  isLive: () => Promise<boolean>;
}

function bearerOf(req: Request): string {
  return /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1] ?? '';
}

function decodablePath(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

type Refusal = 'credential' | 'live' | 'unavailable' | 'malformed';

const duffelRefusals: Record<Refusal, DuffelApiError> = {
  malformed: new DuffelApiError(
    400,
    'invalid_request_error',
    'malformed_url',
    'Malformed URL',
    'The request path or query is not valid UTF-8 text (malformed percent-encoding or control characters)',
  ),
  credential: new DuffelApiError(
    401,
    'authentication_error',
    'invalid_authorization_header',
    'Invalid authorization',
    'The access token is not valid for this sandbox',
  ),
  live: new DuffelApiError(
    403,
    'authentication_error',
    'sandbox_unavailable_in_live_mode',
    'Sandbox unavailable',
    'The sandbox does not answer while the system is in live mode',
  ),
  unavailable: new DuffelApiError(
    503,
    'api_error',
    'service_unavailable',
    'Service unavailable',
    'The sandbox cannot read the system mode right now; try again shortly',
  ),
};

const stripeRefusals: Record<Refusal, { status: number; error: Record<string, string> }> = {
  malformed: {
    status: 400,
    error: {
      type: 'invalid_request_error',
      message: 'The request path or query is not valid UTF-8 text (malformed percent-encoding or control characters).',
    },
  },
  credential: {
    status: 401,
    error: { type: 'invalid_request_error', code: 'api_key_invalid', message: 'Invalid API Key provided.' },
  },
  live: {
    status: 403,
    error: {
      type: 'invalid_request_error',
      code: 'sandbox_unavailable_in_live_mode',
      message: 'The sandbox does not answer while the system is in live mode.',
    },
  },
  unavailable: {
    status: 503,
    error: { type: 'api_error', message: 'The sandbox cannot read the system mode right now; try again shortly.' },
  },
};

/**
 * In front of a mounted sandbox: answers, in the provider's own error shape, every request that
 * does not carry this deployment's credential (401), that comes while the system is live (403), or
 * while the mode cannot be read (503), and any whose path or query breaks the shared text rule (400).
 */
export function sandboxGate(options: SandboxGateOptions): RequestHandler {
  const refuse = (res: Response, refusal: Refusal) => {
    if (options.kind === 'duffel') sendDuffelError(res, duffelRefusals[refusal]);
    else res.status(stripeRefusals[refusal].status).json({ error: stripeRefusals[refusal].error });
  };
  return (req, res, next) => {
    if (!decodablePath(req.path) || findUnsafeText([decodeURIComponent(req.path), req.query]) !== undefined) {
      refuse(res, 'malformed');
      return;
    }
    if (!sameSecret(bearerOf(req), options.credential)) {
      refuse(res, 'credential');
      return;
    }
    options.isLive().then(
      (live) => (live ? refuse(res, 'live') : next()),
      () => refuse(res, 'unavailable'),
    );
  };
}

/** For a sandbox page a browser opens (the 3-D Secure test page): 403 while the system is live, 503 while unknown. */
export function refuseWhileLive(isLive: () => Promise<boolean>): RequestHandler {
  return (_req, res, next) => {
    isLive().then(
      (live) => (live ? res.status(403).type('text').send(stripeRefusals.live.error.message) : next()),
      () => res.status(503).type('text').send(stripeRefusals.unavailable.error.message),
    );
  };
}
