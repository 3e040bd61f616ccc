import type { TrackedSearchView } from '@contrail/shared/price-tracking/tracked-search-view';
import type { CheckRow, TrackingRow } from './store.js';

/** A tracked search as My Trips shows it: the search, its rule and its checks' prices, oldest first. */
export function trackedSearchView(row: TrackingRow, checks: readonly CheckRow[]): TrackedSearchView {
  return {
    trackingId: row.trackingId,
    ...row.search,
    drop: row.drop,
    status: row.status === 'active' ? 'active' : 'pending',
    startedAt: row.startedAt,
    history: checks
      .filter((check) => check.trackingId === row.trackingId)
      .map((check) => ({
        checkedAt: check.checkedAt,
        priceMinor: check.cheapestMinor,
        currency: check.currency,
        departureDate: check.departureDate,
      })),
  };
}
