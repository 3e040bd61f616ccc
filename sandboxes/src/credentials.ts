import { createHmac } from 'node:crypto';
import type { Config } from '../../engine/src/config.js';
import { generatedSecret } from '../../engine/src/storage/data-dir.js';

/** The only credentials the sandboxes answer: the Duffel token and the Stripe key of this deployment. */
export interface SandboxCredentials {
  duffelToken: string;
  stripeKey: string;
}

export const SANDBOX_SECRET_FILE = 'sandbox-secret';

const derive = (secret: string, purpose: string) => createHmac('sha256', secret).update(purpose).digest('hex');

/** Both credentials from one secret, so the engines and the sandboxes process agree on them. */
export function sandboxCredentials(secret: string): SandboxCredentials {
  return {
    duffelToken: `duffel_test_${derive(secret, 'contrail sandbox duffel token')}`,
    stripeKey: `sk_test_${derive(secret, 'contrail sandbox stripe key')}`,
  };
}

/**
 * The secret behind this engine's sandbox credentials: SANDBOX_SECRET when given; else, for
 * mounted sandboxes, one derived from the session secret (shared by every engine of a deployment)
 * or generated into DATA_DIR (0600) in the embedded default.
 */
export async function sandboxSecretFor(config: Config): Promise<string> {
  if (config.sandboxes.secret) return config.sandboxes.secret;
  if (config.sessionSecret) return derive(config.sessionSecret, 'contrail sandbox secret');
  return generatedSecret(config.dataDir, SANDBOX_SECRET_FILE);
}
