import { z } from 'zod';

/**
 * The engine's whole configuration, read once from the environment at start-up.
 * An empty variable counts as unset, so `FOO=` in a compose file means "use the default".
 */
const environmentSchema = z.object({
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
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  PUBLIC_URL: z.url().optional(),
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
  DUFFEL_ACCESS_TOKEN: z.string().min(1).optional(),
  DUFFEL_API_URL: z.url().optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key (sk_test_... or sk_live_...)')
    .optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_USERNAME: z.string().min(3).optional(),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Contrail <no-reply@contrail.local>'),
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
  trustProxy: boolean;
  publicUrl: string | undefined;
  /** True when no external storage is configured: PGlite in DATA_DIR, jobs in-process. */
  embedded: boolean;
  databaseUrl: string | undefined;
  eventStoreUrl: string | undefined;
  redisUrl: string | undefined;
  duffel: { accessToken: string; apiUrl: string | undefined } | undefined;
  stripe: { secretKey: string } | undefined;
  sessionSecret: string | undefined;
  admin: { username: string; password: string } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
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
    trustProxy: env.TRUST_PROXY === 'true',
    publicUrl: env.PUBLIC_URL,
    embedded,
    databaseUrl: env.DATABASE_URL,
    eventStoreUrl: env.EVENTSTORE_URL,
    redisUrl: env.REDIS_URL,
    duffel: env.DUFFEL_ACCESS_TOKEN
      ? { accessToken: env.DUFFEL_ACCESS_TOKEN, apiUrl: env.DUFFEL_API_URL }
      : undefined,
    stripe: env.STRIPE_SECRET_KEY ? { secretKey: env.STRIPE_SECRET_KEY } : undefined,
    sessionSecret: env.SESSION_SECRET,
    admin:
      env.ADMIN_USERNAME && env.ADMIN_PASSWORD
        ? { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD }
        : undefined,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
  };
}
