import { createAccounts } from '../accounts/accounts.js';
import type { AppDeps } from '../app.js';
import { brandDirectory } from '../brands/brand-directory.js';
import { BrandStore } from '../brands/brand-store.js';
import { OfferVerifications, SqlVerificationStore } from '../flights/offer-verifications.js';
import type { BookingDeps } from './deps.js';
import { mailerFor } from './email/mailer.js';
import { SqlPiiKeyStore } from './pii/sql-key-store.js';
import { PiiVault } from './pii/vault.js';

/** POST /api/bookings waits this long for the order before answering "pending". */
export const ORDER_WAIT_MS = 20_000;

/** The booking saga's dependencies from the app's; undefined until flights and payments exist. */
export function bookingDepsFrom(deps: AppDeps): BookingDeps | undefined {
  if (!deps.flights || !deps.payments) return undefined;
  const { piiMasterKey } = deps.config;
  if (!piiMasterKey)
    throw new Error('A PII master key is required (PII_MASTER_KEY, or the embedded default in DATA_DIR)');
  const piiKeys = new SqlPiiKeyStore(deps.sql, piiMasterKey);
  return {
    sql: deps.sql,
    eventStore: deps.eventStore,
    jobs: deps.jobs,
    flights: deps.flights,
    offerVerifications: new OfferVerifications(deps.clock, new SqlVerificationStore(deps.sql)),
    payments: deps.payments,
    brands: deps.brands ?? brandDirectory(new BrandStore(deps.sql)),
    clock: deps.clock,
    logger: deps.logger,
    piiKeys,
    vault: new PiiVault(piiKeys),
    accounts: createAccounts(deps),
    mailer: mailerFor(deps.config.smtpUrl, deps.config.mailFrom),
    orderWaitMs: deps.bookingOrderWaitMs ?? ORDER_WAIT_MS,
  };
}
