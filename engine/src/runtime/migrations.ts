import { eventStoreMigrations } from '../eventstore/migrations.js';
import { jobMigrations } from '../jobs/migrations.js';
import { projectionMigrations } from '../projections/migrations.js';
import { accountMigrations } from '../accounts/migrations.js';
import { piiMigrations } from '../bookings/pii/migrations.js';
import { brandMigrations } from '../brands/migrations.js';
import { supportMigrations } from '../support-requests/migrations.js';
import { bookingMigrations } from '../bookings/migrations.js';
import { flightMigrations } from '../flights/migrations.js';
import { sandboxMigrations } from '@contrail/sandboxes';
import type { Migration } from '../storage/migrations.js';
import { revenueMigrations } from '../revenue/migrations.js';
import { staffMigrations } from '../staff/migrations.js';
import { twoFactorMigrations } from '../accounts/two-factor/migrations.js';
import { webhookMigrations } from '../webhooks/migrations.js';
import { supportDeskMigrations } from '../support-desk/migrations.js';
import { bookingSearchMigrations } from '../support-desk/search/migrations.js';
import { inboxMigrations } from '../support-desk/inbox/migrations.js';
import { scheduleChangeMigrations } from '../bookings/schedule-changes/migrations.js';
import { savedTravellerMigrations } from '../saved-travellers/migrations.js';
import { priceTrackingMigrations } from '../price-tracking/migrations.js';

/**
 * Every migration a deployment's database takes, in the order they apply, listed by the
 * composition root: each capability (and the sandboxes package) owns its migrations in its own
 * folder and is appended here; ids are never reused or reordered once released.
 */
export const migrations: Migration[] = [
  ...eventStoreMigrations,
  ...accountMigrations,
  ...piiMigrations,
  ...brandMigrations,
  ...supportMigrations,
  ...jobMigrations,
  ...projectionMigrations,
  ...bookingMigrations,
  ...flightMigrations,
  ...sandboxMigrations,
  ...revenueMigrations,
  ...staffMigrations,
  ...twoFactorMigrations,
  ...webhookMigrations,
  ...supportDeskMigrations,
  ...bookingSearchMigrations,
  ...inboxMigrations,
  ...scheduleChangeMigrations,
  ...savedTravellerMigrations,
  ...priceTrackingMigrations,
];
