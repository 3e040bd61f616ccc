/**
 * How this engine reaches the provider sandboxes, for the providers that have no key. Built by
 * the composition root (runtime/sandboxes.ts); the adapters only read it, so nothing outside
 * runtime/ imports the sandboxes.
 */

/** The part of WHATWG fetch the official clients call: the transport to a sandbox in this process. */
export type FetchFunction = (input: string | URL, init?: RequestInit) => Promise<Response>;

export interface SandboxAccess {
  /** The only credentials the sandboxes answer: this deployment's. */
  credentials: { duffelToken: string; stripeKey: string };
  /** Mounted on this engine (the embedded default), or the sandboxes process of the scaled shape. */
  mounted: boolean;
  /** Base URL of whatever serves them (Stripe's sandbox is at its root); read on every call. */
  baseUrl(): string;
  /** The Duffel sandbox's base path for `@duffel/api`, with its trailing slash. */
  duffelBasePath(): string;
  /** Mounted sandboxes only: the official clients' requests handed to them without a socket. */
  fetch?: FetchFunction;
  /**
   * Mounted sandboxes only: the Duffel sandbox's requests per token and window
   * (DUFFEL_SANDBOX_RATELIMIT), for any other sandbox the engine builds (its search thread's).
   */
  duffelRateLimit?: { limit: number; windowMs: number };
}
