import type { Config } from '../config.js';
import { TEST_SANDBOX_CREDENTIALS, type SandboxAccess } from '../sandbox/access.js';
import { SqlStripeSandboxStore } from '../sandbox/stripe/sql-store.js';
import type { StripeSandboxRouterOptions } from '../sandbox/stripe/router.js';
import type { SqlClient } from '../storage/sql.js';
import type { PaymentGateway } from './gateway.js';
import { StripeGateway } from './stripe-gateway.js';

export interface Payments {
  payments: PaymentGateway;
  /** Present when payments go to a Stripe sandbox mounted on this engine, at its root (/v1/...). */
  stripeSandbox?: StripeSandboxRouterOptions;
}

/**
 * A sandbox gateway addressed at wherever the sandbox is served: the address is read on every
 * call (PORT=0 picks a port only once the server listens) and the client rebuilt when it changes.
 */
export function selfAddressedGateway(
  base: { get(): string },
  apiKey: string = TEST_SANDBOX_CREDENTIALS.stripeKey,
  timeoutMs?: number,
): PaymentGateway {
  let cached: { base: string; gateway: StripeGateway } | undefined;
  const gateway = () => {
    const current = base.get();
    if (cached?.base !== current) {
      const url = new URL(current);
      const protocol = url.protocol === 'https:' ? 'https' : 'http';
      cached = {
        base: current,
        gateway: new StripeGateway({
          sandbox: {
            host: url.hostname.replace(/^\[|\]$/g, ''),
            port: Number(url.port || (protocol === 'https' ? 443 : 80)),
            protocol,
            apiKey,
          },
          ...(timeoutMs && { timeoutMs }),
        }),
      };
    }
    return cached.gateway;
  };
  return {
    mode: 'sandbox',
    authorize: (request) => gateway().authorize(request),
    retrieve: (paymentId) => gateway().retrieve(paymentId),
    listSince: (createdAfter) => gateway().listSince(createdAfter),
    capture: (paymentId, options) => gateway().capture(paymentId, options),
    void: (paymentId, options) => gateway().void(paymentId, options),
    refund: (paymentId, options) => gateway().refund(paymentId, options),
    cardFee: (source) => gateway().cardFee(source),
  };
}

/**
 * Stripe when STRIPE_SECRET_KEY is set, else the Stripe sandbox with this deployment's key: mounted
 * on this engine (keeping its state in SQL), or served by the sandboxes process.
 */
export function paymentsFor(config: Config, sandbox: SandboxAccess | undefined, sql: SqlClient): Payments {
  if (config.stripe)
    return { payments: new StripeGateway({ secretKey: config.stripe.secretKey, timeoutMs: config.stripeTimeoutMs }) };
  if (!sandbox) throw new Error('No payment provider: set STRIPE_SECRET_KEY or enable the sandboxes');
  const payments = selfAddressedGateway(
    { get: () => sandbox.baseUrl() },
    sandbox.credentials.stripeKey,
    config.stripeTimeoutMs,
  );
  if (!sandbox.mounted) return { payments };
  return { payments, stripeSandbox: { store: new SqlStripeSandboxStore(sql) } };
}
