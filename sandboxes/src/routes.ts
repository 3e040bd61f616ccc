import { Router } from 'express';
import type { SystemModeReader } from '../../engine/src/system-mode/store.js';
import { DUFFEL_SANDBOX_PATH, TEST_SANDBOX_CREDENTIALS } from './access.js';
import type { SandboxCredentials } from './credentials.js';
import { duffelSandboxRouter } from './duffel/router.js';
import type { DuffelSandbox } from './duffel/sandbox.js';
import { sandboxGate } from './gate.js';
import { stripeSandboxRouter, type StripeSandboxRouterOptions } from './stripe/router.js';

export interface SandboxRoutesDeps {
  /** The Duffel sandbox, served at /sandbox/duffel. */
  duffelSandbox?: DuffelSandbox | undefined;
  /** The Stripe sandbox, served at the root (/v1/...): the `stripe` client cannot take a path prefix. */
  stripeSandbox?: StripeSandboxRouterOptions | undefined;
  /** The only credentials they answer (default: the fixed ones of hand-built test deps). */
  sandboxCredentials?: SandboxCredentials | undefined;
  /** Neither answers in live mode. */
  mode: SystemModeReader;
}

/**
 * The sandboxes behind their gate (sandbox/gate.ts): the same routes in the embedded engine and in
 * the sandboxes process. Outside /api, so without the storefront's session and origin checks.
 */
export function sandboxRoutes(deps: SandboxRoutesDeps): Router {
  const router = Router();
  const credentials = deps.sandboxCredentials ?? TEST_SANDBOX_CREDENTIALS;
  if (deps.stripeSandbox) {
    router.use('/v1', sandboxGate({ kind: 'stripe', credential: credentials.stripeKey, mode: deps.mode }));
    router.use(stripeSandboxRouter(deps.stripeSandbox));
  }
  if (deps.duffelSandbox) {
    const gate = sandboxGate({ kind: 'duffel', credential: credentials.duffelToken, mode: deps.mode });
    router.use(DUFFEL_SANDBOX_PATH, gate, duffelSandboxRouter(deps.duffelSandbox));
  }
  return router;
}
