import type { Accounts } from '../accounts/accounts.js';
import type { BrandDirectory } from '../brands/brand-directory.js';
import type { Clock } from '../clock.js';
import type { EventStore } from '../eventstore/eventstore.js';
import type { OfferVerifications } from '../flights/offer-verifications.js';
import type { FlightProvider } from '../flights/provider.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { Logger } from '../logging/logger.js';
import type { PaymentGateway } from '../payments/gateway.js';
import type { SqlClient } from '../storage/sql.js';
import type { CardAttemptLimiter } from './checkout/card-attempt-limiter.js';
import type { Mailer } from '../email/mailer.js';
import type { PiiVault } from './pii/vault.js';

/** What the booking saga, its routes and its jobs need; built once by bookings/wiring.ts. */
export interface BookingDeps {
  sql: SqlClient;
  eventStore: EventStore;
  jobs: JobQueue;
  flights: FlightProvider;
  /** verify-offer's results, shared with the route: what a recheck finds is what the next poll answers. */
  offerVerifications: OfferVerifications;
  payments: PaymentGateway;
  brands: BrandDirectory;
  clock: Clock;
  logger: Logger;
  vault: PiiVault;
  accounts: Accounts;
  mailer: Mailer;
  /** How long POST /api/bookings waits for the order before answering that it is still pending. */
  orderWaitMs: number;
  /** How long after the provider failed to answer an order it is tried again (until the offer expires). */
  orderRecheckMs: number;
  /** process-card's rate limit per address, account and offer (CARD_LIMIT_*, CARD_DECLINE_WEIGHT). */
  cardAttempts: CardAttemptLimiter;
  /** An authorization no booking claimed within this long is released and voided (UNCLAIMED_HOLD_TIMEOUT). */
  unclaimedHoldMs: number;
  /** Signs Duffel's webhooks (DUFFEL_WEBHOOK_SECRET, else derived from the PII master key for the sandbox). */
  duffelWebhookSecret: string;
  /** The read models' split (PARTITIONS): which checkpoint a booking's read-your-writes waits on. */
  partitions: number;
}
