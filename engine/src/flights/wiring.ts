import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { DUFFEL_SANDBOX_PATH, type SandboxAccess } from '@contrail/sandboxes/access';
import { SqlDuffelSandboxStore } from '@contrail/sandboxes/duffel/sql-store';
import type { SqlClient } from '../storage/sql.js';
import { flightProviderFor, type BuiltProvider, type FlightProviderSpec } from './provider-spec.js';

export { DUFFEL_SANDBOX_PATH };

export interface Flights extends BuiltProvider {
  /** The same provider as data, for the search thread to build its own. */
  flightsSpec: FlightProviderSpec;
}

const withTrailingSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/**
 * Duffel when DUFFEL_ACCESS_TOKEN is set (DUFFEL_API_URL optional), else the Duffel sandbox with
 * this deployment's token: mounted on this engine (keeping its orders in the engine's database;
 * the provider calls it in-process, while others reach it over HTTP), or served by the sandboxes
 * process.
 */
export function flightsFor(config: Config, clock: Clock, sandbox: SandboxAccess | undefined, sql: SqlClient): Flights {
  const flightsSpec = specFor(config, sandbox);
  return { ...flightProviderFor(flightsSpec, clock, () => new SqlDuffelSandboxStore(sql)), flightsSpec };
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
  if (sandbox.mounted) return { kind: 'mounted sandbox', token, timeoutMs };
  return { kind: 'duffel', token, basePath: `${sandbox.baseUrl()}${DUFFEL_SANDBOX_PATH}/`, timeoutMs };
}
