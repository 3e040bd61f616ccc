import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { DUFFEL_SANDBOX_PATH, type SandboxAccess } from '../sandbox/access.js';
import { inProcessDuffelClient } from '../sandbox/duffel/in-process-client.js';
import { DuffelSandbox } from '../sandbox/duffel/sandbox.js';
import { SqlDuffelSandboxStore } from '../sandbox/duffel/sql-store.js';
import type { SqlClient } from '../storage/sql.js';
import { duffelFlightProvider, flightProviderOn } from './duffel-provider.js';
import type { FlightProvider } from './provider.js';

export { DUFFEL_SANDBOX_PATH };

export interface Flights {
  flights: FlightProvider;
  /** Present when flights go to a sandbox mounted on this engine, which the app then mounts. */
  duffelSandbox?: DuffelSandbox;
}

const withTrailingSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/**
 * Duffel when DUFFEL_ACCESS_TOKEN is set (DUFFEL_API_URL optional), else the Duffel sandbox with
 * this deployment's token: mounted on this engine (keeping its orders in the engine's database;
 * the provider calls it in-process, while others reach it over HTTP), or served by the sandboxes
 * process.
 */
export function flightsFor(config: Config, clock: Clock, sandbox: SandboxAccess | undefined, sql: SqlClient): Flights {
  const duffel = config.duffel;
  if (duffel) {
    return {
      flights: duffelFlightProvider(
        () => ({
          token: duffel.accessToken,
          ...(duffel.apiUrl && { basePath: withTrailingSlash(duffel.apiUrl) }),
        }),
        { timeoutMs: config.duffelTimeoutMs },
      ),
    };
  }
  if (!sandbox) throw new Error('No flight provider: set DUFFEL_ACCESS_TOKEN or enable the sandboxes');
  const options = { timeoutMs: config.duffelTimeoutMs };
  if (!sandbox.mounted) {
    const connect = () => ({
      token: sandbox.credentials.duffelToken,
      basePath: `${sandbox.baseUrl()}${DUFFEL_SANDBOX_PATH}/`,
    });
    return { flights: duffelFlightProvider(connect, options) };
  }
  // Mounted here: the provider asks it in-process, as the official client would over HTTP.
  const duffelSandbox = new DuffelSandbox(clock, new SqlDuffelSandboxStore(sql));
  const client = inProcessDuffelClient(duffelSandbox, () => sandbox.credentials.duffelToken);
  return { flights: flightProviderOn(() => client, options), duffelSandbox };
}
