import type { RecordedEvent } from '../../eventstore/eventstore.js';
import type { Projection } from '../../projections/projection.js';
import { BOOKING_STREAM_PREFIX, parseBookingEvent } from '../domain/events.js';

/** The schedule changes of every booking, with their answer: what My Trips and support's queue read. */
export const scheduleChangesProjection: Projection = {
  name: 'schedule-changes',
  eventTypes: ['ScheduleChangeDetected', 'ScheduleChangeAccepted', 'ScheduleChangeDeclined'],
  async apply(tx, recorded: RecordedEvent) {
    if (!recorded.streamName.startsWith(BOOKING_STREAM_PREFIX)) return;
    const event = parseBookingEvent(recorded);
    if (event.type === 'ScheduleChangeDetected') {
      const { changeId, before, after } = event.data;
      await tx.query(
        `INSERT INTO schedule_changes (change_id, booking_id, brand_key, status, detected_at, before, after)
         VALUES ($1, $2, $3, 'pending', $4, $5::jsonb, $6::jsonb) ON CONFLICT (change_id) DO NOTHING`,
        [
          changeId,
          recorded.streamName.slice(BOOKING_STREAM_PREFIX.length),
          recorded.metadata.brand,
          recorded.metadata.timestamp,
          JSON.stringify(before),
          JSON.stringify(after),
        ],
      );
      return;
    }
    if (event.type !== 'ScheduleChangeAccepted' && event.type !== 'ScheduleChangeDeclined') return;
    const status = event.type === 'ScheduleChangeAccepted' ? 'accepted' : 'cancelled';
    await tx.query('UPDATE schedule_changes SET status = $2 WHERE change_id = $1', [event.data.changeId, status]);
  },
  async reset(tx) {
    await tx.query('DELETE FROM schedule_changes');
  },
};
