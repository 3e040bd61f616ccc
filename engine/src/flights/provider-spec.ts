import type { Clock } from '../clock.js';
import { inProcessDuffelClient } from '@contrail/sandboxes/duffel/in-process-client';
import { DuffelSandbox } from '@contrail/sandboxes/duffel/sandbox';
import type { DuffelSandboxStore } from '@contrail/sandboxes/duffel/store';
import { duffelFlightProvider, flightProviderOn } from './duffel-provider.js';
import type { FlightProvider } from './provider.js';

/**
 * Which flight provider to talk to, as plain data: the engine's thread and its search thread
 * (search-thread/) each build their own from it.
 */
export type FlightProviderSpec =
  /** Duffel's API over HTTP: Duffel itself, a proxy, or the sandboxes process. */
  | { kind: 'duffel'; token: string; basePath?: string; timeoutMs: number }
  /** The Duffel sandbox in this process, asked in-process. */
  | { kind: 'mounted sandbox'; token: string; timeoutMs: number };

export interface BuiltProvider {
  flights: FlightProvider;
  /** The mounted sandbox the provider asks (the app mounts it for others to reach over HTTP). */
  duffelSandbox?: DuffelSandbox;
}

/**
 * The provider a spec names. A mounted sandbox keeps its orders in `store` (in memory when absent:
 * offers regenerate from their ids, so a thread that only searches needs no orders).
 */
export function flightProviderFor(
  spec: FlightProviderSpec,
  clock: Clock,
  store?: () => DuffelSandboxStore,
): BuiltProvider {
  const options = { timeoutMs: spec.timeoutMs };
  if (spec.kind === 'duffel') {
    const { token, basePath } = spec;
    return { flights: duffelFlightProvider(() => ({ token, ...(basePath && { basePath }) }), options) };
  }
  const duffelSandbox = new DuffelSandbox(clock, store?.());
  const client = inProcessDuffelClient(duffelSandbox, () => spec.token);
  return { flights: flightProviderOn(() => client, options), duffelSandbox };
}
