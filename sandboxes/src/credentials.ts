import { createHmac } from 'node:crypto';

/** The only credentials the sandboxes answer: the Duffel token and the Stripe key of this deployment. */
export interface SandboxCredentials {
  duffelToken: string;
  stripeKey: string;
}

const derive = (secret: string, purpose: string) => createHmac('sha256', secret).update(purpose).digest('hex');

/** Both credentials from one secret, so the engines and the sandboxes process agree on them. */
export function sandboxCredentials(secret: string): SandboxCredentials {
  return {
    duffelToken: `duffel_test_${derive(secret, 'contrail sandbox duffel token')}`,
    stripeKey: `sk_test_${derive(secret, 'contrail sandbox stripe key')}`,
  };
}

/**
 * The fixed credentials of sandboxes built by hand in tests (the gateways' defaults). A running
 * engine never uses them: its composition root derives its own from a secret (sandboxCredentials).
 */
export const TEST_SANDBOX_CREDENTIALS: SandboxCredentials = {
  duffelToken: 'duffel_test_contrail_sandbox',
  stripeKey: 'sk_test_contrail_sandbox',
};
