import { createAccounts, type Accounts } from '../accounts/accounts.js';
import type { PasswordHasher } from '../accounts/passwords.js';
import { mailerFor, type Mailer } from '../email/mailer.js';
import { brandDirectory, type BrandDirectory } from '../brands/brand-directory.js';
import { cachedBrands } from '../brands/brand-cache.js';
import { BrandStore } from '../brands/brand-store.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { EventStore } from '../eventstore/eventstore.js';
import { OfferVerifications, SqlVerificationStore } from '../flights/offer-verifications.js';
import { PriceIndex, SqlPriceIndexStore } from '../flights/price-index/price-index.js';
import type { SqlClient } from '../storage/sql.js';
import { SystemModeStore } from '../system-mode/store.js';

/**
 * What several capabilities share, built once per process by the composition root (the runtime, or
 * a test's `testDeps`): the routes and the jobs then hold the same accounts, mode cache and
 * verifications instead of each building its own.
 */
export interface SharedServices {
  accounts: Accounts;
  /** Brands for the storefront and for emails: the brands table (cached until a brand changes) and the built-in default brand. */
  brands: BrandDirectory;
  /** SMTP when configured, else the outbox admins read. */
  mailer: Mailer;
  /** The process's one reader and switcher of the audited system mode (cached for MODE_TTL_MS). */
  systemMode: SystemModeStore;
  /** verify-offer's results, in the database: a worker's recheck is what the next poll answers. */
  verifications: OfferVerifications;
  /** The cheapest price of every search, in the database: the calendar's prices, shared by engines. */
  priceIndex: PriceIndex;
}

export interface ServiceAdapters {
  config: Pick<Config, 'sessionSecret' | 'smtpUrl' | 'mailFrom'>;
  sql: SqlClient;
  eventStore: EventStore;
  clock: Clock;
  /** OWASP-cost scrypt unless a test injects a cheaper one. */
  passwordHasher?: PasswordHasher;
}

/** The brands table, cached; whether a brand is disabled is asked of the table itself (rare: not kept). */
function storedBrandDirectory(sql: SqlClient): BrandDirectory {
  const store = new BrandStore(sql);
  return brandDirectory({ ...cachedBrands(sql, store), isDisabled: (key) => store.isDisabled(key) });
}

/** Builds each shared service once; `given` ones (a test's) are kept as they are. */
export function sharedServices(adapters: ServiceAdapters, given: Partial<SharedServices> = {}): SharedServices {
  const { config, sql, eventStore, clock } = adapters;
  return {
    accounts: given.accounts ?? createAccounts(adapters),
    brands: given.brands ?? storedBrandDirectory(sql),
    mailer: given.mailer ?? mailerFor(config.smtpUrl, config.mailFrom),
    systemMode: given.systemMode ?? new SystemModeStore(eventStore, clock),
    verifications: given.verifications ?? new OfferVerifications(clock, new SqlVerificationStore(sql)),
    priceIndex: given.priceIndex ?? new PriceIndex(clock, new SqlPriceIndexStore(sql)),
  };
}
