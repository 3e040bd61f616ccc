import type { Config } from '../../engine/src/config.js';
import { SANDBOX_SECRET_KEY } from '../../engine/src/payments/stripe-gateway.js';
import type { SelfUrl } from '../../engine/src/calls/self-url.js';
import { sandboxCredentials, sandboxSecretFor, type SandboxCredentials } from './credentials.js';

/** Where the Duffel sandbox sits under whatever serves the sandboxes (the Stripe one is at the root: /v1). */
export const DUFFEL_SANDBOX_PATH = '/sandbox/duffel';

/** How this process reaches the sandboxes, for the providers that have no key. */
export interface SandboxAccess {
  credentials: SandboxCredentials;
  /** Mounted on this engine (the embedded default), or the sandboxes process of the scaled shape. */
  mounted: boolean;
  /** Base URL of whatever serves them; read on every call (PORT=0 is known only once listening). */
  baseUrl(): string;
}

/**
 * The fixed credentials of sandboxes built by hand in tests (the gateways' defaults). A running
 * engine never uses them: the runtime derives its own (sandboxAccessFor).
 */
export const TEST_SANDBOX_CREDENTIALS: SandboxCredentials = {
  duffelToken: 'duffel_test_contrail_sandbox',
  stripeKey: SANDBOX_SECRET_KEY,
};

export function mountedSandboxes(selfUrl: SelfUrl, credentials = TEST_SANDBOX_CREDENTIALS): SandboxAccess {
  return { credentials, mounted: true, baseUrl: () => selfUrl.get() };
}

/** The sandboxes this configuration uses, or none when both providers have keys. */
export async function sandboxAccessFor(config: Config, selfUrl: SelfUrl): Promise<SandboxAccess | undefined> {
  if (config.duffel && config.stripe) return undefined;
  const { url, secret, mounted } = config.sandboxes;
  if (url) {
    const base = url.replace(/\/+$/, '');
    return { credentials: sandboxCredentials(secret!), mounted: false, baseUrl: () => base };
  }
  // loadConfig refuses a configuration with a provider missing and the sandboxes off.
  if (!mounted) return undefined;
  return mountedSandboxes(selfUrl, sandboxCredentials(await sandboxSecretFor(config)));
}
