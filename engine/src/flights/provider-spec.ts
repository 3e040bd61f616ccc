import type { FetchFunction } from '../calls/sandbox-access.js';
import { duffelFlightProvider, type DuffelConnection } from './duffel-provider.js';
import type { FlightProvider } from './provider.js';

/**
 * Which flight provider to talk to, as plain data: the engine's thread and its search thread
 * (search-thread/) each build their own from it. Always Duffel's API through the official client.
 */
export type FlightProviderSpec =
  /** Over HTTP: Duffel itself, a proxy, or the sandboxes process. */
  | { kind: 'duffel'; token: string; basePath?: string; timeoutMs: number }
  /** The Duffel sandbox mounted in this process, reached through an in-process fetch. */
  | {
      kind: 'mounted sandbox';
      token: string;
      basePath: string;
      timeoutMs: number;
      /** The mounted sandbox's rate limit, for the search thread's own sandbox. */
      rateLimit?: { limit: number; windowMs: number };
    };

/** The provider a spec names; a mounted sandbox's needs the fetch that reaches it (the composition root's). */
export function flightProviderFor(spec: FlightProviderSpec, fetch?: FetchFunction): FlightProvider {
  if (spec.kind === 'mounted sandbox' && !fetch) throw new Error('A mounted Duffel sandbox is reached through a fetch');
  const connection: DuffelConnection = { token: spec.token };
  if (spec.basePath) connection.basePath = spec.basePath;
  if (spec.kind === 'mounted sandbox') connection.fetch = fetch;
  return duffelFlightProvider(() => connection, { timeoutMs: spec.timeoutMs });
}
