import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { DuffelSandbox } from '../sandbox/duffel/sandbox.js';
import { SqlDuffelSandboxStore } from '../sandbox/duffel/sql-store.js';
import type { SqlClient } from '../storage/sql.js';
import type { SelfUrl } from '../system/self-url.js';
import { duffelFlightProvider } from './duffel-provider.js';
import type { FlightProvider } from './provider.js';

/** Where the engine mounts the Duffel sandbox. */
export const DUFFEL_SANDBOX_PATH = '/sandbox/duffel';
/** The sandbox accepts any bearer token; this one says where it came from in logs. */
const SANDBOX_TOKEN = 'duffel_test_contrail_sandbox';

export interface Flights {
  flights: FlightProvider;
  /** Present when flights go to the sandbox, which the app then mounts. */
  duffelSandbox?: DuffelSandbox;
}

const withTrailingSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/**
 * Duffel when DUFFEL_ACCESS_TOKEN is set (DUFFEL_API_URL optional), else the sandbox on this engine,
 * keeping its orders in the engine's database.
 */
export function flightsFor(config: Config, clock: Clock, selfUrl: SelfUrl, sql: SqlClient): Flights {
  const duffel = config.duffel;
  if (duffel) {
    return {
      flights: duffelFlightProvider(() => ({
        token: duffel.accessToken,
        ...(duffel.apiUrl && { basePath: withTrailingSlash(duffel.apiUrl) }),
      })),
    };
  }
  return {
    duffelSandbox: new DuffelSandbox(clock, new SqlDuffelSandboxStore(sql)),
    flights: duffelFlightProvider(() => ({
      token: SANDBOX_TOKEN,
      basePath: `${selfUrl.get()}${DUFFEL_SANDBOX_PATH}/`,
    })),
  };
}
