import type { RecordedEvent } from '../eventstore/eventstore.js';
import type { Projection } from '../projections/projection.js';
import { parsePriceTrackingEvent, PRICE_TRACKING_EVENT_TYPES, TRACKING_STREAM_PREFIX } from './events.js';

const STATUS_OF = { PriceTrackingConfirmed: 'active', PriceTrackingStopped: 'stopped' } as const;

/** The price alerts and each of their checks: what the scheduler, the budget and My Trips read. */
export const priceTrackingProjection: Projection = {
  name: 'price-tracking',
  eventTypes: PRICE_TRACKING_EVENT_TYPES,
  async apply(tx, recorded: RecordedEvent) {
    if (!recorded.streamName.startsWith(TRACKING_STREAM_PREFIX)) return;
    const trackingId = recorded.streamName.slice(TRACKING_STREAM_PREFIX.length);
    const event = parsePriceTrackingEvent(recorded);
    const at = recorded.metadata.timestamp;
    switch (event.type) {
      case 'PriceTrackingStarted': {
        const { brandKey, customerId, searchKey, search, drop, confirmed } = event.data;
        await tx.query(
          `INSERT INTO price_trackings (tracking_id, brand_key, customer_id, search_key, search, drop_rule, status, started_at)
           VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8) ON CONFLICT (tracking_id) DO NOTHING`,
          [
            trackingId,
            brandKey,
            customerId,
            searchKey,
            JSON.stringify(search),
            JSON.stringify(drop),
            confirmed ? 'active' : 'pending',
            at,
          ],
        );
        return;
      }
      case 'TrackedPriceChecked': {
        const { checkKey, cheapestMinor, currency, departureDate, baselineMinor, dropped, cost } = event.data;
        await tx.query(
          `INSERT INTO price_tracking_checks (tracking_id, check_key, brand_key, checked_at, cheapest_minor, currency,
             departure_date, baseline_minor, dropped, cost)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING`,
          [
            trackingId,
            checkKey,
            recorded.metadata.brand,
            at,
            cheapestMinor,
            currency,
            departureDate,
            baselineMinor,
            dropped,
            cost,
          ],
        );
        await tx.query('UPDATE price_trackings SET last_checked_at = $2 WHERE tracking_id = $1', [trackingId, at]);
        return;
      }
      default:
        await tx.query('UPDATE price_trackings SET status = $2 WHERE tracking_id = $1', [
          trackingId,
          STATUS_OF[event.type],
        ]);
    }
  },
  async reset(tx) {
    await tx.query('DELETE FROM price_tracking_checks');
    await tx.query('DELETE FROM price_trackings');
  },
};
