import { createHmac } from 'node:crypto';
import type { Router } from 'express';
import {
  DUFFEL_SANDBOX_PATH,
  DuffelSandbox,
  parseRateLimit,
  sandboxCredentials,
  sandboxesFetch,
  sandboxRoutes,
  SqlDuffelSandboxStore,
  SqlStripeSandboxStore,
  TEST_SANDBOX_CREDENTIALS,
  type Clock,
  type RateLimit,
  type SandboxCredentials,
  type SandboxRoutesDeps,
  type SqlQuery,
} from '@contrail/sandboxes';
import type { SandboxAccess } from '../calls/sandbox-access.js';
import { ConfigError, type Config } from '../config.js';
import { generatedSecret } from '../storage/data-dir.js';

export const SANDBOX_SECRET_FILE = 'sandbox-secret';

/** The host the in-process fetch is addressed at: never resolved, the request never leaves the process. */
const IN_PROCESS_BASE = 'http://sandboxes.in-process';

/** Sandboxes mounted on this engine: the routes the app serves, and how the clients reach them. */
export interface MountedSandboxes {
  routes: Router;
  access: SandboxAccess;
  /** The Duffel sandbox (tests inject faults into it); absent when flights go to Duffel. */
  duffel?: DuffelSandbox;
}

export interface MountOptions {
  credentials?: SandboxCredentials;
  /** Whether the system is live: the mounted sandboxes then refuse every request. */
  isLive: () => Promise<boolean>;
  clock: Clock;
  /** Where they keep their orders, payments and idempotency keys: the engine's database. */
  sql: SqlQuery;
  /** Which to mount (both by default): a provider with a key needs none. */
  duffel?: boolean;
  stripe?: boolean | SandboxRoutesDeps['stripeSandbox'];
  /** The Duffel sandbox's requests per token and window (generous when absent). */
  duffelRateLimit?: RateLimit;
}

/** Both sandboxes on this engine's storage, behind their gate, with an in-process fetch to them. */
export function mountSandboxes(options: MountOptions): MountedSandboxes {
  const credentials = options.credentials ?? TEST_SANDBOX_CREDENTIALS;
  const { duffelRateLimit } = options;
  const duffel =
    options.duffel === false
      ? undefined
      : new DuffelSandbox(options.clock, new SqlDuffelSandboxStore(options.sql), { rateLimit: duffelRateLimit });
  const stripe =
    options.stripe === false
      ? undefined
      : typeof options.stripe === 'object'
        ? options.stripe
        : { store: new SqlStripeSandboxStore(options.sql) };
  const routes = sandboxRoutes({
    duffelSandbox: duffel,
    stripeSandbox: stripe,
    sandboxCredentials: credentials,
    isLive: options.isLive,
  });
  const access: SandboxAccess = {
    credentials,
    mounted: true,
    baseUrl: () => IN_PROCESS_BASE,
    duffelBasePath: () => `${IN_PROCESS_BASE}${DUFFEL_SANDBOX_PATH}/`,
    fetch: sandboxesFetch(routes),
    ...(duffel && duffelRateLimit && { duffelRateLimit }),
  };
  return { routes, access, ...(duffel && { duffel }) };
}

/** The sandboxes process of the scaled shape, at SANDBOX_URL, with the credentials SANDBOX_SECRET gives. */
export function remoteSandboxes(url: string, secret: string): SandboxAccess {
  const base = url.replace(/\/+$/, '');
  return {
    credentials: sandboxCredentials(secret),
    mounted: false,
    baseUrl: () => base,
    duffelBasePath: () => `${base}${DUFFEL_SANDBOX_PATH}/`,
  };
}

/**
 * The secret behind this engine's sandbox credentials: SANDBOX_SECRET when given; else, for
 * mounted sandboxes, one derived from the session secret (shared by every engine of a deployment)
 * or generated into DATA_DIR (0600) in the embedded default.
 */
export async function sandboxSecretFor(config: Config): Promise<string> {
  if (config.sandboxes.secret) return config.sandboxes.secret;
  if (config.sessionSecret) {
    return createHmac('sha256', config.sessionSecret).update('contrail sandbox secret').digest('hex');
  }
  return generatedSecret(config.dataDir, SANDBOX_SECRET_FILE);
}

export interface ProviderSandboxes {
  access?: SandboxAccess;
  mounted?: MountedSandboxes;
}

/** DUFFEL_SANDBOX_RATELIMIT read by the sandboxes' own parser; undefined for their generous default. */
export function duffelRateLimitOf(setting: string | undefined): RateLimit | undefined {
  if (setting === undefined) return undefined;
  try {
    return parseRateLimit(setting);
  } catch (error) {
    throw new ConfigError([(error as Error).message]);
  }
}

/** The sandboxes this configuration uses: none when both providers have keys. */
export async function sandboxesFor(
  config: Config,
  mount: Omit<MountOptions, 'credentials' | 'duffel' | 'stripe'>,
): Promise<ProviderSandboxes> {
  if (config.duffel && config.stripe) return {};
  const { url, secret, mounted } = config.sandboxes;
  if (url) return { access: remoteSandboxes(url, secret!) };
  // loadConfig refuses a configuration with a provider missing and the sandboxes off.
  if (!mounted) return {};
  const credentials = sandboxCredentials(await sandboxSecretFor(config));
  const sandboxes = mountSandboxes({
    ...mount,
    credentials,
    duffel: !config.duffel,
    stripe: !config.stripe,
    duffelRateLimit: duffelRateLimitOf(config.sandboxes.duffelRateLimit),
  });
  return { access: sandboxes.access, mounted: sandboxes };
}
