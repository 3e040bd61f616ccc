import type { SandboxAccess } from '../calls/sandbox-access.js';
import type { Config } from '../config.js';
import { flightProviderFor, type FlightProviderSpec } from './provider-spec.js';
import type { FlightProvider } from './provider.js';

export interface Flights {
  flights: FlightProvider;
  /** The same provider as data, for the search thread to build its own. */
  flightsSpec: FlightProviderSpec;
}

const withTrailingSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/**
 * Duffel when DUFFEL_ACCESS_TOKEN is set (DUFFEL_API_URL optional), else the Duffel sandbox with
 * this deployment's token: mounted on this engine (reached in-process through the sandbox's fetch),
 * or served by the sandboxes process. Always through the official `@duffel/api` client.
 */
export function flightsFor(config: Config, sandbox: SandboxAccess | undefined): Flights {
  const flightsSpec = specFor(config, sandbox);
  return { flights: flightProviderFor(flightsSpec, sandbox?.fetch), flightsSpec };
}

function specFor(config: Config, sandbox: SandboxAccess | undefined): FlightProviderSpec {
  const timeoutMs = config.duffelTimeoutMs;
  const duffel = config.duffel;
  if (duffel) {
    const basePath = duffel.apiUrl && withTrailingSlash(duffel.apiUrl);
    return { kind: 'duffel', token: duffel.accessToken, ...(basePath && { basePath }), timeoutMs };
  }
  if (!sandbox) throw new Error('No flight provider: set DUFFEL_ACCESS_TOKEN or enable the sandboxes');
  const token = sandbox.credentials.duffelToken;
  const basePath = sandbox.duffelBasePath();
  if (sandbox.fetch) {
    const rateLimit = sandbox.duffelRateLimit;
    return { kind: 'mounted sandbox', token, basePath, timeoutMs, ...(rateLimit && { rateLimit }) };
  }
  return { kind: 'duffel', token, basePath, timeoutMs };
}
