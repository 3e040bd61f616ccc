import type { RecordedEvent } from '../eventstore/eventstore.js';
import { EXPORT_REVEAL_STREAM_PREFIX, exportedText, parseExportEvent } from '../exports/revealed-export.js';
import type { Projection } from '../projections/projection.js';
import type { SqlExecutor } from '../storage/sql.js';
import { DESK_STREAM_PREFIX, parseDeskEvent } from './decider.js';

/** A bookings export with names: one row for the whole export, no booking of its own. */
async function applyExport(tx: SqlExecutor, recorded: RecordedEvent) {
  const { by, brandKey, reason, filters } = parseExportEvent(recorded).data;
  await tx.query(
    `INSERT INTO personal_data_access_log (event_id, at, booking_id, brand_key, user_id, username, seen, reason, exported)
     VALUES ($1, $2, '', $3, $4, $5, $6, $7, $8) ON CONFLICT (event_id) DO NOTHING`,
    [
      recorded.metadata.eventId,
      recorded.metadata.timestamp,
      brandKey,
      by.userId,
      by.username,
      ['bookings-export'],
      reason,
      exportedText(filters),
    ],
  );
}

/**
 * The access log: one row per reveal on the `support-desk-<booking id>` streams, and one per
 * bookings export with names (`personal-data-export-<id>` streams).
 */
export const accessLogProjection: Projection = {
  name: 'personal-data-access-log',
  eventTypes: ['PersonalDataRevealed', 'PersonalDataExported'],
  async apply(tx, recorded: RecordedEvent) {
    if (recorded.streamName.startsWith(EXPORT_REVEAL_STREAM_PREFIX)) return applyExport(tx, recorded);
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
