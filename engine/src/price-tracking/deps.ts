import type { Accounts } from '../accounts/accounts.js';
import type { BrandDirectory } from '../brands/brand-directory.js';
import type { Clock } from '../clock.js';
import type { Mailer } from '../email/mailer.js';
import type { EventStore } from '../eventstore/eventstore.js';
import type { FlightProvider } from '../flights/provider.js';
import type { Logger } from '../logging/logger.js';
import type { SqlClient } from '../storage/sql.js';

/** What price tracking's routes and job need (a subset of the booking deps, plus its own settings). */
export interface PriceTrackingDeps {
  sql: SqlClient;
  eventStore: EventStore;
  flights: Pick<FlightProvider, 'search'>;
  brands: BrandDirectory;
  clock: Clock;
  logger: Logger;
  accounts: Accounts;
  mailer: Mailer;
  /** Keys the emailed links (tokens.ts). */
  linkKey: Buffer;
  /** The storefront's address in emails written by the job (PUBLIC_URL, else where the engine listens). */
  baseUrl: () => string;
  /** Live searches each brand's price alerts may run a day (PRICE_ALERT_SEARCHES). */
  dailySearches: number;
  /** A tracked search is checked at most once per this long (PRICE_ALERT_INTERVAL). */
  checkIntervalMs: number;
}

export const PRICE_TRACKING_DEFAULTS = { dailySearches: 200, checkIntervalMs: 6 * 3_600_000 } as const;
