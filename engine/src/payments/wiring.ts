import type { Config } from '../config.js';
import { SqlStripeSandboxStore } from '../sandbox/stripe/sql-store.js';
import type { StripeSandboxRouterOptions } from '../sandbox/stripe/router.js';
import type { SqlClient } from '../storage/sql.js';
import type { SelfUrl } from '../system/self-url.js';
import type { PaymentGateway } from './gateway.js';
import { StripeGateway } from './stripe-gateway.js';

export interface Payments {
  payments: PaymentGateway;
  /** Present when payments go to the Stripe sandbox, which the app then mounts at its root (/v1/...). */
  stripeSandbox?: StripeSandboxRouterOptions;
}

/**
 * A sandbox gateway addressed at this engine, wherever it listens: the address is read on every
 * call (PORT=0 picks a port only once the server listens) and the client rebuilt when it changes.
 */
export function selfAddressedGateway(selfUrl: SelfUrl): PaymentGateway {
  let cached: { base: string; gateway: StripeGateway } | undefined;
  const gateway = () => {
    const base = selfUrl.get();
    if (cached?.base !== base) {
      const url = new URL(base);
      cached = {
        base,
        gateway: new StripeGateway({
          sandbox: { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || 80), protocol: 'http' },
        }),
      };
    }
    return cached.gateway;
  };
  return {
    mode: 'sandbox',
    authorize: (request) => gateway().authorize(request),
    retrieve: (paymentId) => gateway().retrieve(paymentId),
    capture: (paymentId, options) => gateway().capture(paymentId, options),
    void: (paymentId, options) => gateway().void(paymentId, options),
    refund: (paymentId, options) => gateway().refund(paymentId, options),
  };
}

/** Stripe when STRIPE_SECRET_KEY is set, else the Stripe sandbox mounted on this engine, keeping its state in SQL. */
export function paymentsFor(config: Config, selfUrl: SelfUrl, sql: SqlClient): Payments {
  if (config.stripe) return { payments: new StripeGateway({ secretKey: config.stripe.secretKey }) };
  return { payments: selfAddressedGateway(selfUrl), stripeSandbox: { store: new SqlStripeSandboxStore(sql) } };
}
