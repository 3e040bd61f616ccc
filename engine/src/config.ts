import { z } from 'zod';
import type { CardAttemptLimits } from './bookings/checkout/card-attempts.js';
import { twoFactorRequirements, type TwoFactorRequirement } from '@contrail/shared/accounts/two-factor';
import { ROLE_NAMES, type Role } from './runtime/roles.js';

const DURATION = /^(\d+)(s|m|h|d)$/;
const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** "90s", "30m", "24h", "30d" as milliseconds. */
export function durationMs(text: string): number {
  const [, amount, unit] = DURATION.exec(text) ?? [];
  if (!amount || !unit) throw new Error(`Not a duration: ${text}`);
  return Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS];
}

const duration = (fallback: string) =>
  z.string().regex(DURATION, 'must look like 90s, 30m, 24h or 30d').default(fallback).transform(durationMs);

/**
 * The engine's whole configuration, read once from the environment at start-up.
 * An empty variable counts as unset, so `FOO=` in a compose file means "use the default".
 */
/** Space-separated https origins (https://cdn.example.com), for the CSP's explicit source lists. */
const httpsOrigins = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((text) => text.split(/\s+/).filter(Boolean))
    .pipe(z.array(z.string().regex(/^https:\/\/[a-z0-9.-]+(:\d+)?$/i, 'must be https origins separated by spaces')));

/** A 32-byte key as 64 hex digits or base64 (what `openssl rand -base64 32` prints). */
export function parseKey32(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) return undefined;
  const key = Buffer.from(trimmed, trimmed.includes('-') || trimmed.includes('_') ? 'base64url' : 'base64');
  return key.length === 32 ? key : undefined;
}

const key32 = z.string().transform((text, ctx) => {
  const key = parseKey32(text);
  if (!key) ctx.addIssue({ code: 'custom', message: 'must be 32 bytes as 64 hex digits or base64' });
  return key ?? Buffer.alloc(0);
});

/** Airline logos come from Duffel's asset host (the sandbox's airlines have none). */
const DEFAULT_IMAGE_SOURCES = 'https://assets.duffel.com';

export const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('.data'),
  STOREFRONT_DIR: z.string().min(1).optional(),
  BODY_LIMIT: z
    .string()
    .regex(/^\d+(b|kb|mb)$/i, 'must look like 100kb or 1mb')
    .default('100kb'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  EMBEDDED_DB_STALL_MS: z.coerce.number().int().min(1_000).default(120_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(30_000),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  PUBLIC_URL: z.url().optional(),
  CSP_IMAGE_SOURCES: httpsOrigins(DEFAULT_IMAGE_SOURCES),
  CSP_FONT_SOURCES: httpsOrigins(''),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  EVENTSTORE_URL: z
    .string()
    .regex(/^(esdb|kurrentdb)(\+discover)?:\/\//, 'must be an esdb:// or kurrentdb:// connection string')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// connection string')
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'must be 1 to 64 letters, digits, dots, dashes or underscores')
    .default('contrail'),
  DUFFEL_ACCESS_TOKEN: z.string().min(1).optional(),
  DUFFEL_API_URL: z.url().optional(),
  /** The secret of the Duffel webhook (issue #36: airline schedule changes); derived from the PII master key when absent. */
  DUFFEL_WEBHOOK_SECRET: z.string().min(16).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key (sk_test_... or sk_live_...)')
    .optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PII_MASTER_KEY: key32.optional(),
  SESSION_IDLE_TIMEOUT: duration('24h'),
  SESSION_ABSOLUTE_TIMEOUT: duration('30d'),
  TWO_FACTOR_REQUIRED: z.enum(twoFactorRequirements).default('staff'),
  SANDBOXES_ENABLED: z.enum(['true', 'false']).optional(),
  SANDBOX_URL: z.url().optional(),
  SANDBOX_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The Duffel sandbox's requests per token and window, `<requests>/<seconds>s` (read by runtime/sandboxes.ts). */
  DUFFEL_SANDBOX_RATELIMIT: z.string().optional(),
  ADMIN_USERNAME: z.string().min(3).optional(),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Contrail <no-reply@contrail.local>'),
  DUFFEL_TIMEOUT_MS: z.coerce.number().int().min(100).default(130_000),
  STRIPE_TIMEOUT_MS: z.coerce.number().int().min(100).default(80_000),
  WORKER_GIVE_UP_MS: z.coerce.number().int().min(0).default(300_000),
  JOB_LOCK_MS: z.coerce.number().int().min(500).default(30_000),
  WEBHOOKS_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  CARD_LIMIT_WINDOW: duration('15m').pipe(z.number().max(86_400_000, 'must be at most 24h')),
  CARD_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(60),
  CARD_LIMIT_PER_SESSION: z.coerce.number().int().min(1).default(30),
  CARD_LIMIT_PER_OFFER: z.coerce.number().int().min(1).default(20),
  CARD_DECLINE_WEIGHT: z.coerce.number().int().min(1).default(3),
  // At least the time a slow booking request takes to claim its payment; at most the sweep's look-back.
  ROLES: z
    .string()
    .transform((text) => text.split(',').map((role) => role.trim()))
    .pipe(z.array(z.enum(ROLE_NAMES, { error: 'must be engine, worker or projector, comma-separated' })).min(1))
    .optional(),
  PARTITIONS: z.coerce.number().int().min(1).max(64).default(1),
  PARTITIONS_PER_PROCESS: z.coerce.number().int().min(1).max(64).optional(),
  UNCLAIMED_HOLD_TIMEOUT: duration('5m').pipe(
    z.number().min(60_000, 'must be at least 1m').max(86_400_000, 'must be at most 24h'),
  ),
  PRICE_ALERT_SEARCHES: z.coerce.number().int().min(0).max(100_000).default(200),
  PRICE_ALERT_INTERVAL: duration('6h').pipe(
    z
      .number()
      .min(900_000, 'must be at least 15m')
      .max(7 * 86_400_000, 'must be at most 7d'),
  ),
});

export type Environment = z.infer<typeof environmentSchema>;

/** Every variable the engine reads; the README documents each (a test holds them together). */
export const ENVIRONMENT_VARIABLES = Object.keys(environmentSchema.shape) as Array<keyof Environment>;

export interface Config {
  env: Environment['NODE_ENV'];
  port: number;
  host: string;
  logLevel: Environment['LOG_LEVEL'];
  dataDir: string;
  storefrontDir: string | undefined;
  bodyLimit: string;
  shutdownTimeoutMs: number;
  /** The embedded database's start (its creation included) fails only after making no progress this long. */
  embeddedDbStallMs: number;
  /** A request (headers and body) not fully received by then is answered 408 and its connection closed. */
  requestTimeoutMs: number;
  trustProxy: boolean;
  publicUrl: string | undefined;
  /** Origins the Content-Security-Policy allows besides this one: brand and airline logos, fonts. */
  csp: { imageSources: string[]; fontSources: string[] };
  /** Stack traces in error answers and source maps: only with NODE_ENV=development set explicitly. */
  devTools: boolean;
  /** True when no external storage is configured: PGlite in DATA_DIR, jobs in-process. */
  embedded: boolean;
  databaseUrl: string | undefined;
  eventStoreUrl: string | undefined;
  redisUrl: string | undefined;
  /** Namespaces every Redis key (queues, rate limits), so deployments can share one Redis. */
  redisPrefix: string;
  duffel: { accessToken: string; apiUrl: string | undefined } | undefined;
  stripe: { secretKey: string } | undefined;
  duffelWebhookSecret: string | undefined;
  sessionSecret: string | undefined;
  /** Wraps the per-booking data keys (bookings/pii); the embedded default generates one into DATA_DIR. */
  piiMasterKey: Buffer | undefined;
  session: { idleTimeoutMs: number; absoluteTimeoutMs: number };
  /** Who must sign in with a second step: every staff role, or travellers too (`nobody`: tests only). */
  twoFactorRequired: TwoFactorRequirement;
  /**
   * The Duffel and Stripe sandboxes, test tools for providers without keys: mounted in this engine
   * (off with NODE_ENV=production unless SANDBOXES_ENABLED=true), or the sandboxes process at `url`.
   */
  sandboxes: {
    mounted: boolean;
    url: string | undefined;
    secret: string | undefined;
    /** DUFFEL_SANDBOX_RATELIMIT as given (`120/60s`); the sandboxes' own parser reads it. */
    duffelRateLimit?: string;
  };
  admin: { username: string; password: string } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Provider calls wait at most this long (Duffel: orders; reads at most 30 s). */
  duffelTimeoutMs: number;
  stripeTimeoutMs: number;
  /** A worker whose Redis or database stays unreachable this long exits non-zero. */
  workerGiveUpMs: number;
  /** A worker's hold on a running job lasts this long unrenewed: the job of a dead worker is retried after it. */
  jobLockMs: number;
  /** ROLES as set (runtime/roles.ts decides each program's default); undefined when unset. */
  roles: readonly Role[] | undefined;
  /** POST /api/payments/process-card's rate limit (bookings/checkout/card-attempts.ts). */
  cardAttempts: CardAttemptLimits;
  /** Webhook endpoints may be http or resolve to loopback/private addresses (development and tests only). */
  webhooksAllowPrivate: boolean;
  /** A card authorization no booking claimed within this long is released and voided (saga/holds.ts). */
  unclaimedHoldMs: number;
  /** Price alerts (issue 34): each brand's live searches a day, and how often one search is checked at most. */
  priceTracking: { dailySearches: number; checkIntervalMs: number };
  /**
   * The read models and the saga split by stream over `count` partitions, each with its own lease
   * and checkpoints (eventstore/partitions.ts); a process holds at most `perProcess` of them.
   */
  partitions: { count: number; perProcess: number };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function withoutEmptyValues(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(withoutEmptyValues(source));
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = parsed.data;
  const problems: string[] = [];
  if ((env.ADMIN_USERNAME === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
    problems.push('ADMIN_USERNAME and ADMIN_PASSWORD: set both or neither');
  }
  const embedded = env.DATABASE_URL === undefined;
  if (!embedded && env.SESSION_SECRET === undefined) {
    problems.push('SESSION_SECRET: required when DATABASE_URL is set (only the embedded default generates one)');
  }
  if (!embedded && env.PII_MASTER_KEY === undefined) {
    problems.push('PII_MASTER_KEY: required when DATABASE_URL is set (only the embedded default generates one)');
  }
  if (env.SANDBOX_URL !== undefined && env.SANDBOX_SECRET === undefined) {
    problems.push('SANDBOX_SECRET: required with SANDBOX_URL (the sandboxes process answers only its credentials)');
  }
  if (env.TWO_FACTOR_REQUIRED === 'nobody' && env.NODE_ENV === 'production') {
    problems.push('TWO_FACTOR_REQUIRED: nobody is for development and tests only, not with NODE_ENV=production');
  }
  if (env.WEBHOOKS_ALLOW_PRIVATE === 'true' && env.NODE_ENV === 'production') {
    problems.push('WEBHOOKS_ALLOW_PRIVATE: true is for development and tests only, not with NODE_ENV=production');
  }
  if (embedded && env.PARTITIONS > 1) {
    problems.push(
      'PARTITIONS: the work splits between processes, so it needs DATABASE_URL (the embedded database is one process)',
    );
  }
  if (env.SESSION_IDLE_TIMEOUT > env.SESSION_ABSOLUTE_TIMEOUT) {
    problems.push('SESSION_IDLE_TIMEOUT: must not be longer than SESSION_ABSOLUTE_TIMEOUT');
  }
  const mounted = (env.SANDBOXES_ENABLED ?? String(env.NODE_ENV !== 'production')) === 'true' && !env.SANDBOX_URL;
  const withoutProvider = [
    ...(env.DUFFEL_ACCESS_TOKEN ? [] : ['DUFFEL_ACCESS_TOKEN']),
    ...(env.STRIPE_SECRET_KEY ? [] : ['STRIPE_SECRET_KEY']),
  ];
  if (withoutProvider.length > 0 && !mounted && !env.SANDBOX_URL) {
    problems.push(
      `${withoutProvider.join(' and ')}: required with NODE_ENV=production, unless the sandboxes (test tools) are enabled explicitly: SANDBOXES_ENABLED=true or SANDBOX_URL`,
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    logLevel: env.LOG_LEVEL,
    dataDir: env.DATA_DIR,
    storefrontDir: env.STOREFRONT_DIR,
    bodyLimit: env.BODY_LIMIT,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    embeddedDbStallMs: env.EMBEDDED_DB_STALL_MS,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    trustProxy: env.TRUST_PROXY === 'true',
    publicUrl: env.PUBLIC_URL,
    csp: { imageSources: env.CSP_IMAGE_SOURCES, fontSources: env.CSP_FONT_SOURCES },
    devTools: source.NODE_ENV === 'development',
    embedded,
    databaseUrl: env.DATABASE_URL,
    eventStoreUrl: env.EVENTSTORE_URL,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    duffel: env.DUFFEL_ACCESS_TOKEN ? { accessToken: env.DUFFEL_ACCESS_TOKEN, apiUrl: env.DUFFEL_API_URL } : undefined,
    stripe: env.STRIPE_SECRET_KEY ? { secretKey: env.STRIPE_SECRET_KEY } : undefined,
    duffelWebhookSecret: env.DUFFEL_WEBHOOK_SECRET,
    sessionSecret: env.SESSION_SECRET,
    piiMasterKey: env.PII_MASTER_KEY,
    session: { idleTimeoutMs: env.SESSION_IDLE_TIMEOUT, absoluteTimeoutMs: env.SESSION_ABSOLUTE_TIMEOUT },
    twoFactorRequired: env.TWO_FACTOR_REQUIRED,
    sandboxes: {
      mounted,
      url: env.SANDBOX_URL,
      secret: env.SANDBOX_SECRET,
      ...(env.DUFFEL_SANDBOX_RATELIMIT && { duffelRateLimit: env.DUFFEL_SANDBOX_RATELIMIT }),
    },
    admin:
      env.ADMIN_USERNAME && env.ADMIN_PASSWORD
        ? { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD }
        : undefined,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    duffelTimeoutMs: env.DUFFEL_TIMEOUT_MS,
    stripeTimeoutMs: env.STRIPE_TIMEOUT_MS,
    workerGiveUpMs: env.WORKER_GIVE_UP_MS,
    jobLockMs: env.JOB_LOCK_MS,
    roles: env.ROLES,
    cardAttempts: {
      windowMs: env.CARD_LIMIT_WINDOW,
      perAddress: env.CARD_LIMIT_PER_ADDRESS,
      perSession: env.CARD_LIMIT_PER_SESSION,
      perOffer: env.CARD_LIMIT_PER_OFFER,
      declineWeight: env.CARD_DECLINE_WEIGHT,
    },
    unclaimedHoldMs: env.UNCLAIMED_HOLD_TIMEOUT,
    priceTracking: { dailySearches: env.PRICE_ALERT_SEARCHES, checkIntervalMs: env.PRICE_ALERT_INTERVAL },
    partitions: { count: env.PARTITIONS, perProcess: env.PARTITIONS_PER_PROCESS ?? env.PARTITIONS },
    webhooksAllowPrivate: env.WEBHOOKS_ALLOW_PRIVATE === 'true',
  };
}
