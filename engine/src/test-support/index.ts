/**
 * `@contrail/engine/testing`: the part of the engine that other packages' tests may use. It is
 * exported under the "source" condition only, so it never ships in a build.
 */
export { sqlBackends, type SqlBackend } from './sql.js';
export { ensureBrand } from './brands.js';
export { serviceUrl } from './services.js';
export { eventually } from './eventually.js';
export { openPostgres } from '../storage/postgres.js';
export { migratedDataDir } from './sql-templates.js';
export { ENTRY_POINTS, startProcess, type ProcessHandle } from './processes.js';
export {
  adminTestApp,
  PROVIDERS_CONFIGURED,
  TEST_PASSWORD,
  TEST_USERS,
  type AdminTestApp,
} from '../admin/test-support/admin-app.js';
export {
  authorize,
  bookingBody,
  bookingHarness,
  readModelsCaughtUp,
  searchOffers,
  type BookingHarness,
} from '../bookings/test-support/booking-harness.js';
export { seedRevenue } from '../revenue/test-support/seed-revenue.js';
export { exportTestApp, seedExportBookings } from '../exports/test-support/export-bookings.js';
export { totpCodeAt } from '../accounts/two-factor/totp.js';
export { seedDeskBooking, ZELDA } from '../support-desk/test-support/desk-booking.js';
export { projectSupportReadModels, supportTestApp } from '../support-desk/test-support/support-read-models.js';
