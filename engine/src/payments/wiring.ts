import type { FetchFunction, SandboxAccess } from '../calls/sandbox-access.js';
import type { Config } from '../config.js';
import type { PaymentGateway } from './gateway.js';
import { SANDBOX_SECRET_KEY, StripeGateway } from './stripe-gateway.js';

export interface Payments {
  payments: PaymentGateway;
}

/**
 * A sandbox gateway addressed at wherever the sandbox is served: the address is read on every
 * call (PORT=0 picks a port only once the server listens) and the client rebuilt when it changes.
 * With `fetch` (a sandbox mounted in this process) the client's requests go through it, no socket.
 */
export function selfAddressedGateway(
  base: { get(): string },
  apiKey: string = SANDBOX_SECRET_KEY,
  timeoutMs?: number,
  fetch?: FetchFunction,
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
            ...(fetch && { fetch }),
          },
          ...(timeoutMs && { timeoutMs }),
        }),
      };
    }
    return cached.gateway;
  };
  return {
    mode: 'sandbox',
    authorize: async (request) => {
      const result = await gateway().authorize(request);
      return result.outcome === 'requires_action' && fetch
        ? { ...result, redirectUrl: servedHere(result.redirectUrl, base.get()) }
        : result;
    },
    retrieve: (paymentId) => gateway().retrieve(paymentId),
    listSince: (createdAfter) => gateway().listSince(createdAfter),
    capture: (paymentId, options) => gateway().capture(paymentId, options),
    void: (paymentId, options) => gateway().void(paymentId, options),
    refund: (paymentId, options) => gateway().refund(paymentId, options),
    refundsOf: (paymentId) => gateway().refundsOf(paymentId),
    cardFee: (source) => gateway().cardFee(source),
  };
}

/**
 * A sandbox mounted on this engine answers its 3-D Secure page's URL on the in-process address,
 * which no browser reaches: the page is served on this engine's own origin, so its path is the way there.
 */
function servedHere(url: string, base: string): string {
  const page = new URL(url);
  return page.origin === new URL(base).origin ? `${page.pathname}${page.search}` : url;
}

/**
 * Stripe when STRIPE_SECRET_KEY is set, else the Stripe sandbox with this deployment's key: mounted
 * on this engine (reached in-process through the sandbox's fetch), or served by the sandboxes process.
 */
export function paymentsFor(config: Config, sandbox: SandboxAccess | undefined): Payments {
  if (config.stripe)
    return { payments: new StripeGateway({ secretKey: config.stripe.secretKey, timeoutMs: config.stripeTimeoutMs }) };
  if (!sandbox) throw new Error('No payment provider: set STRIPE_SECRET_KEY or enable the sandboxes');
  const base = { get: () => sandbox.baseUrl() };
  return {
    payments: selfAddressedGateway(base, sandbox.credentials.stripeKey, config.stripeTimeoutMs, sandbox.fetch),
  };
}
