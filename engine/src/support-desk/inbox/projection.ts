import type { RecordedEvent } from '../../eventstore/eventstore.js';
import type { Projection } from '../../projections/projection.js';
import { INBOX_STREAM_PREFIX, parseInboxEvent } from './decider.js';

export const CONTACT_MESSAGE_STATES = 'contact-message-states';

/** Each contact message's status and assignee, from its stream; rebuildable, idempotent per event. */
export const inboxProjection: Projection = {
  name: CONTACT_MESSAGE_STATES,
  eventTypes: ['ContactMessageStatusSet', 'ContactMessageAssigned'],
  async apply(tx, recorded: RecordedEvent) {
    if (!recorded.streamName.startsWith(INBOX_STREAM_PREFIX)) return;
    const requestId = recorded.streamName.slice(INBOX_STREAM_PREFIX.length);
    const event = parseInboxEvent(recorded);
    const at = recorded.metadata.timestamp;
    if (event.type === 'ContactMessageStatusSet') {
      await tx.query(
        `INSERT INTO contact_message_states (request_id, brand_key, status, changed_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (request_id) DO UPDATE SET status = EXCLUDED.status, changed_at = EXCLUDED.changed_at`,
        [requestId, event.data.brandKey, event.data.to, at],
      );
    } else {
      const { assignee } = event.data;
      await tx.query(
        `INSERT INTO contact_message_states (request_id, brand_key, status, assignee_user_id, assignee_username, changed_at)
         VALUES ($1, $2, 'new', $3, $4, $5)
         ON CONFLICT (request_id) DO UPDATE SET assignee_user_id = EXCLUDED.assignee_user_id,
           assignee_username = EXCLUDED.assignee_username, changed_at = EXCLUDED.changed_at`,
        [requestId, event.data.brandKey, assignee?.userId ?? null, assignee?.username ?? null, at],
      );
    }
  },
  async reset(tx) {
    await tx.query('DELETE FROM contact_message_states');
  },
};
