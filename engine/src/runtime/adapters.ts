import type { Config } from '../config.js';

/**
 * Every adapter choice the engine makes, in one table, from the configuration alone: the embedded
 * default (nothing set) or the scaled shape (DATABASE_URL, REDIS_URL, EVENTSTORE_URL, provider keys).
 * The runtime opens what this table says and logs it at start.
 */
export interface AdapterChoices {
  /** Read models, users, brands, jobs on the embedded shape: DATABASE_URL, else PGlite in DATA_DIR. */
  storage: 'postgresql' | 'pglite';
  /** Booking events: EVENTSTORE_URL (KurrentDB), else tables in `storage`. */
  eventStore: 'kurrentdb' | 'sql';
  /** Background jobs: REDIS_URL (BullMQ, run by `workers/`), else in-process on `storage`. */
  jobs: 'bullmq' | 'in-process';
  /** Sign-in and lookup counters: Redis with REDIS_URL (shared by engines), else this process's memory. */
  rateLimits: 'redis' | 'memory';
  /** DUFFEL_ACCESS_TOKEN, else the Duffel sandbox (mounted here, or the sandboxes process at SANDBOX_URL). */
  flights: 'duffel' | 'sandbox (mounted)' | 'sandbox (SANDBOX_URL)';
  /** STRIPE_SECRET_KEY, else the Stripe sandbox, likewise. */
  payments: 'stripe' | 'sandbox (mounted)' | 'sandbox (SANDBOX_URL)';
  /** SMTP_URL, else emails stay in the outbox for admins to read. */
  mail: 'smtp' | 'outbox';
}

type ConfigForChoices = Pick<
  Config,
  'databaseUrl' | 'eventStoreUrl' | 'redisUrl' | 'duffel' | 'stripe' | 'sandboxes' | 'smtpUrl'
>;

export function adapterChoices(config: ConfigForChoices): AdapterChoices {
  const sandbox = config.sandboxes.url ? 'sandbox (SANDBOX_URL)' : 'sandbox (mounted)';
  return {
    storage: config.databaseUrl ? 'postgresql' : 'pglite',
    eventStore: config.eventStoreUrl ? 'kurrentdb' : 'sql',
    jobs: config.redisUrl ? 'bullmq' : 'in-process',
    rateLimits: config.redisUrl ? 'redis' : 'memory',
    flights: config.duffel ? 'duffel' : sandbox,
    payments: config.stripe ? 'stripe' : sandbox,
    mail: config.smtpUrl ? 'smtp' : 'outbox',
  };
}
