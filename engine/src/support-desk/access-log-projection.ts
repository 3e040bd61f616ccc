import type { RecordedEvent } from '../eventstore/eventstore.js';
import type { Projection } from '../projections/projection.js';
import { DESK_STREAM_PREFIX, parseDeskEvent } from './decider.js';

/** The access log, from the `support-desk-<booking id>` streams: one row per reveal. */
export const accessLogProjection: Projection = {
  name: 'personal-data-access-log',
  eventTypes: ['PersonalDataRevealed'],
  async apply(tx, recorded: RecordedEvent) {
    if (!recorded.streamName.startsWith(DESK_STREAM_PREFIX)) return;
    const event = parseDeskEvent(recorded);
    if (event.type !== 'PersonalDataRevealed') return;
    const { by, brandKey, seen, reason } = event.data;
    await tx.query(
      `INSERT INTO personal_data_access_log (event_id, at, booking_id, brand_key, user_id, username, seen, reason)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (event_id) DO NOTHING`,
      [
        recorded.metadata.eventId,
        recorded.metadata.timestamp,
        recorded.streamName.slice(DESK_STREAM_PREFIX.length),
        brandKey,
        by.userId,
        by.username,
        seen,
        reason,
      ],
    );
  },
  async reset(tx) {
    await tx.query('DELETE FROM personal_data_access_log');
  },
};
