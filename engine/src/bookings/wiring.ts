import { createHmac } from 'node:crypto';
import type { Accounts } from '../accounts/accounts.js';
import type { RateLimitStoreFactory } from '../accounts/rate-limits.js';
import type { BrandDirectory } from '../brands/brand-directory.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { EventStore } from '../eventstore/eventstore.js';
import type { FlightProvider } from '../flights/provider.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { Logger } from '../logging/logger.js';
import type { PaymentGateway } from '../payments/gateway.js';
import type { SqlClient } from '../storage/sql.js';
import type { OfferVerifications } from '../flights/offer-verifications.js';
import { cardAttemptLimiter } from './checkout/card-attempt-limiter.js';
import type { BookingDeps } from './deps.js';
import type { Mailer } from '../email/mailer.js';
import { SqlPiiKeyStore } from './pii/sql-key-store.js';
import { PiiVault } from './pii/vault.js';

/** POST /api/bookings waits this long for the order before answering "pending". */
export const ORDER_WAIT_MS = 20_000;
/** The pace of the slow retries of an order the provider does not answer (issue 39). */
export const ORDER_RECHECK_MS = 90_000;

/** The adapters and shared services the booking saga is built from (the composition root's, or a test's). */
export interface BookingAdapters {
  config: Pick<Config, 'piiMasterKey' | 'cardAttempts' | 'unclaimedHoldMs' | 'partitions'> &
    Partial<Pick<Config, 'duffelWebhookSecret'>>;
  sql: SqlClient;
  eventStore: EventStore;
  jobs: JobQueue;
  clock: Clock;
  logger: Logger;
  flights?: FlightProvider;
  payments?: PaymentGateway;
  brands: BrandDirectory;
  accounts: Accounts;
  mailer: Mailer;
  verifications: OfferVerifications;
  bookingOrderWaitMs?: number;
  bookingOrderRecheckMs?: number;
  /** Shared rate-limit counters (Redis when REDIS_URL is set); in memory without. */
  rateLimitStore?: RateLimitStoreFactory;
}

/** The booking saga's dependencies, built once; undefined until flights and payments exist. */
export function bookingDepsFrom(deps: BookingAdapters): BookingDeps | undefined {
  if (!deps.flights || !deps.payments) return undefined;
  const { piiMasterKey, cardAttempts, unclaimedHoldMs, partitions } = deps.config;
  if (!piiMasterKey)
    throw new Error('A PII master key is required (PII_MASTER_KEY, or the embedded default in DATA_DIR)');
  return {
    sql: deps.sql,
    eventStore: deps.eventStore,
    jobs: deps.jobs,
    flights: deps.flights,
    offerVerifications: deps.verifications,
    payments: deps.payments,
    brands: deps.brands,
    clock: deps.clock,
    logger: deps.logger,
    vault: new PiiVault(new SqlPiiKeyStore(deps.sql, piiMasterKey)),
    accounts: deps.accounts,
    mailer: deps.mailer,
    orderWaitMs: deps.bookingOrderWaitMs ?? ORDER_WAIT_MS,
    orderRecheckMs: deps.bookingOrderRecheckMs ?? ORDER_RECHECK_MS,
    cardAttempts: cardAttemptLimiter(cardAttempts, deps.rateLimitStore),
    unclaimedHoldMs,
    partitions: partitions.count,
    duffelWebhookSecret: deps.config.duffelWebhookSecret ?? derivedWebhookSecret(piiMasterKey),
  };
}

/** The sandbox's webhook secret when none is configured: stable per deployment, never the key itself. */
const derivedWebhookSecret = (key: Buffer) =>
  createHmac('sha256', key).update('contrail duffel webhook secret').digest('hex');
