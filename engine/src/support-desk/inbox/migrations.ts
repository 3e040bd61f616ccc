import type { Migration } from '../../storage/migrations.js';

/**
 * The inbox's read model (projection.ts): each contact message's status and assignee, from its
 * `contact-message-<id>` stream. A message without a row is new and unassigned.
 */
export const inboxMigrations: Migration[] = [
  {
    id: '911_contact_message_states',
    sql: `CREATE TABLE contact_message_states (
  request_id text PRIMARY KEY,
  brand_key text NOT NULL,
  status text NOT NULL,
  assignee_user_id text,
  assignee_username text,
  changed_at timestamptz NOT NULL
);
CREATE INDEX contact_message_states_assignee ON contact_message_states (assignee_user_id);`,
  },
];
