/// <reference types="@duffel/api" />
// The official client declares its types module (`@duffel/api/types`, which the Duffel sandbox builds its answers as) only once its package is referenced.
/**
 * @contrail/sandboxes: Duffel- and Stripe-compatible stand-ins. A composition root builds them on
 * its storage, mounts `sandboxRoutes` (or serves them on their own port) and applies
 * `sandboxMigrations`; clients reach them over HTTP or through `sandboxesFetch`, in-process.
 */
export type { Clock } from './clock.js';
export type { Migration, SqlQuery } from './sql.js';
export { sandboxMigrations } from './migrations.js';
export { sandboxCredentials, TEST_SANDBOX_CREDENTIALS, type SandboxCredentials } from './credentials.js';
export { DUFFEL_SANDBOX_PATH, sandboxRoutes, type SandboxRoutesDeps } from './routes.js';
export { DuffelSandbox, type DuffelSandboxOptions } from './duffel/sandbox.js';
export { DEFAULT_RATE_LIMIT, parseRateLimit, RATE_LIMIT_VARIABLE, type RateLimit } from './duffel/rate-limit.js';
export { SqlDuffelSandboxStore } from './duffel/sql-store.js';
export { duffelSignature, webhookEventBody } from './duffel/airline-changes.js';
export type { DuffelWebhookTarget } from './duffel/airline-change-desk.js';
export { SqlStripeSandboxStore } from './stripe/sql-store.js';
export { inProcessFetch, type FetchFunction, type RequestListener } from './in-process/fetch.js';
export { sandboxesFetch } from './in-process/sandboxes-fetch.js';
