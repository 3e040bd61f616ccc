import { Router } from 'express';
import { TEST_SANDBOX_CREDENTIALS, type SandboxCredentials } from './credentials.js';
import { duffelSandboxRouter } from './duffel/router.js';
import type { DuffelSandbox } from './duffel/sandbox.js';
import { refuseWhileLive, sandboxGate } from './gate.js';
import { CHALLENGE_PATH } from './stripe/authentication.js';
import { stripeSandboxRouter, type StripeSandboxRouterOptions } from './stripe/router.js';

/** Where the Duffel sandbox sits under whatever serves the sandboxes (the Stripe one is at the root: /v1). */
export const DUFFEL_SANDBOX_PATH = '/sandbox/duffel';

export interface SandboxRoutesDeps {
  /** The Duffel sandbox, served at /sandbox/duffel. */
  duffelSandbox?: DuffelSandbox | undefined;
  /** The Stripe sandbox, served at the root (/v1/...): the `stripe` client cannot take a path prefix. */
  stripeSandbox?: StripeSandboxRouterOptions | undefined;
  /** The only credentials they answer (default: the fixed ones of hand-built test deps). */
  sandboxCredentials?: SandboxCredentials | undefined;
  /** Whether the system is live: neither answers then (the engine's system mode, read by the composition root). */
  isLive: () => Promise<boolean>;
}

/**
 * The sandboxes behind their gate (sandbox/gate.ts): the same routes in the embedded engine and in
 * the sandboxes process. Outside /api, so without the storefront's session and origin checks.
 */
export function sandboxRoutes(deps: SandboxRoutesDeps): Router {
  const router = Router();
  const credentials = deps.sandboxCredentials ?? TEST_SANDBOX_CREDENTIALS;
  if (deps.stripeSandbox) {
    router.use('/v1', sandboxGate({ kind: 'stripe', credential: credentials.stripeKey, isLive: deps.isLive }));
    // The 3-D Secure test page is for the customer's browser: no credential, but never while live.
    router.use(CHALLENGE_PATH, refuseWhileLive(deps.isLive));
    router.use(stripeSandboxRouter(deps.stripeSandbox));
  }
  if (deps.duffelSandbox) {
    const gate = sandboxGate({ kind: 'duffel', credential: credentials.duffelToken, isLive: deps.isLive });
    router.use(DUFFEL_SANDBOX_PATH, gate, duffelSandboxRouter(deps.duffelSandbox));
  }
  return router;
}
