import { duffelSandboxMigrations } from './duffel/migrations.js';
import { stripeSandboxMigrations } from './stripe/migrations.js';
import type { Migration } from './sql.js';

/**
 * The sandboxes' tables, for the composition root to apply with its own runner. Released ids
 * ('310_stripe_sandbox', '320_duffel_sandbox') never change; new ones take 900-919.
 */
export const sandboxMigrations: Migration[] = [...stripeSandboxMigrations, ...duffelSandboxMigrations];
