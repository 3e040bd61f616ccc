import type { AppDeps } from '../../app.js';
import { adminTestApp, type AdminTestApp } from '../../admin/test-support/admin-app.js';
import { SelfUrl } from '../../calls/self-url.js';
import { selfAddressedGateway } from '../../payments/wiring.js';
import type { SqlClient } from '../../storage/sql.js';
import { bookingsProjection } from '../../bookings/read-model/projection.js';
import { untilHeadIsLatest } from '../../test-support/eventually.js';
import { inboxProjection } from '../inbox/projection.js';
import { bookingSearchKeysProjection } from '../search/projection.js';

/**
 * The support workspace's read models (bookings, the search's blind index, the inbox) rebuilt from
 * every event so far, as their runner would, for tests of an app without a running runner.
 */
export async function projectSupportReadModels(deps: AppDeps): Promise<void> {
  await untilHeadIsLatest(deps.sql, deps.eventStore);
  const events = await deps.eventStore.readAll({ maxCount: 10_000 });
  const projections = [bookingsProjection, bookingSearchKeysProjection(deps.config.piiMasterKey!), inboxProjection];
  await deps.sql.transaction(async (tx) => {
    for (const projection of projections) {
      await projection.reset(tx);
      for (const event of events) await projection.apply(tx, event);
    }
  });
}

/** The admin test app with the booking routes mounted (payments never called), for the support workspace. */
export function supportTestApp(sql: SqlClient): Promise<AdminTestApp> {
  const selfUrl = new SelfUrl('127.0.0.1', 0);
  return adminTestApp(sql, { selfUrl, payments: selfAddressedGateway(selfUrl) });
}
