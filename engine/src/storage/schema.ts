import { eventStoreMigrations } from '../eventstore/migrations.js';
import { jobMigrations } from '../jobs/migrations.js';
import { projectionMigrations } from '../projections/migrations.js';
import { accountMigrations } from '../accounts/migrations.js';
import { piiMigrations } from '../bookings/pii/migrations.js';
import { stripeSandboxMigrations } from '../sandbox/stripe/migrations.js';
import { duffelSandboxMigrations } from '../sandbox/duffel/migrations.js';
import { brandMigrations } from '../brands/migrations.js';
import { supportMigrations } from '../support-requests/migrations.js';
import { bookingMigrations } from '../bookings/migrations.js';
import { flightMigrations } from '../flights/migrations.js';
import { twoFactorMigrations } from '../accounts/two-factor/migrations.js';
import type { Migration } from './migrations.js';

/**
 * Every migration of the engine, in the order they apply. Each capability owns its migrations
 * in its own folder and appends them here; ids are never reused or reordered once released.
 */
export const migrations: Migration[] = [
  ...eventStoreMigrations,
  ...accountMigrations,
  ...piiMigrations,
  ...stripeSandboxMigrations,
  ...brandMigrations,
  ...supportMigrations,
  ...jobMigrations,
  ...projectionMigrations,
  ...duffelSandboxMigrations,
  ...bookingMigrations,
  ...flightMigrations,
  ...twoFactorMigrations,
];
