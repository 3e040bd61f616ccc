import type { ContactMessageStatus, ContactMessageSummary, InboxChange } from '@contrail/shared/support-desk/inbox';
import { initials } from '@contrail/shared/support-desk/initials';
import type { EventStore, Position } from '../../eventstore/eventstore.js';
import type { SqlExecutor } from '../../storage/sql.js';
import { inboxDecider, inboxStream } from './decider.js';

export interface InboxFilter {
  /** undefined: every brand (platform admins). */
  brands: readonly string[] | undefined;
  status?: ContactMessageStatus | undefined;
  /** Assigned to this user (by id or username); null: unassigned ones only. */
  assignee?: { userId: string } | { username: string } | null | undefined;
  limit: number;
  offset: number;
}

interface Row {
  id: string;
  brand_key: string;
  kind: 'contact' | 'support';
  name: string | null;
  email: string;
  phone: string | null;
  reason: string | null;
  subject: string | null;
  booking_reference: string | null;
  message: string | null;
  preferred_contact: string | null;
  created_at: Date | string;
  status: ContactMessageStatus;
  assignee_username: string | null;
  changed_at: Date | string | null;
  booking_id: string | null;
}

// The booking a message names: the brand's booking with that reference as printed (any case,
// spaces ignored), the newest should two share one.
const FROM = `FROM support_requests r
  LEFT JOIN contact_message_states s ON s.request_id = r.id
  LEFT JOIN LATERAL (
    SELECT v.booking_id FROM booking_views v
    WHERE v.brand_key = r.brand_key AND r.booking_reference IS NOT NULL
      AND v.reference = upper(regexp_replace(r.booking_reference, '\\s', '', 'g'))
    ORDER BY v.created_at DESC LIMIT 1
  ) b ON true`;
const COLUMNS = `r.id, r.brand_key, r.kind, r.name, r.email, r.phone, r.reason, r.subject, r.booking_reference,
  r.message, r.preferred_contact, r.created_at, coalesce(s.status, 'new') AS status, s.assignee_username,
  s.changed_at, b.booking_id`;

const iso = (value: Date | string) => new Date(value).toISOString();

function summaryOf(row: Row): ContactMessageSummary {
  return {
    id: row.id,
    brandKey: row.brand_key,
    kind: row.kind,
    from: row.name ? initials(row.name) : '-',
    topic: row.subject ?? row.reason,
    bookingReference: row.booking_reference,
    bookingId: row.booking_id,
    status: row.status,
    assignee: row.assignee_username,
    receivedAt: iso(row.created_at),
    changedAt: row.changed_at === null ? null : iso(row.changed_at),
  };
}

export interface InboxMessage extends ContactMessageSummary {
  name: string | null;
  email: string;
  phone: string | null;
  message: string | null;
  preferredContact: string | null;
}

/** The inbox: contact and support messages joined with their state (from the projection). */
export class InboxStore {
  constructor(private readonly sql: SqlExecutor) {}

  /** Newest first. */
  async list(filter: InboxFilter): Promise<{ messages: ContactMessageSummary[]; total: number }> {
    if (filter.brands?.length === 0) return { messages: [], total: 0 };
    const where = [`r.kind IN ('contact', 'support')`];
    const params: unknown[] = [];
    const add = (clause: string, value: unknown) => {
      params.push(value);
      where.push(clause.replace('?', `$${params.length}`));
    };
    if (filter.brands) add('r.brand_key = ANY(?::text[])', filter.brands);
    if (filter.status) add(`coalesce(s.status, 'new') = ?`, filter.status);
    const { assignee } = filter;
    if (assignee === null) where.push('s.assignee_user_id IS NULL');
    else if (assignee && 'userId' in assignee) add('s.assignee_user_id = ?', assignee.userId);
    else if (assignee) add('lower(s.assignee_username) = lower(?)', assignee.username);
    const clause = `WHERE ${where.join(' AND ')}`;
    const count = await this.sql.query<{ total: string | number }>(
      `SELECT count(*) AS total FROM support_requests r LEFT JOIN contact_message_states s ON s.request_id = r.id ${clause}`,
      params,
    );
    const { rows } = await this.sql.query<Row>(
      `SELECT ${COLUMNS} ${FROM} ${clause} ORDER BY r.created_at DESC, r.id
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, filter.limit, filter.offset],
    );
    return { messages: rows.map(summaryOf), total: Number(count.rows[0]?.total ?? 0) };
  }

  /** One contact or support message, whole; undefined when there is none (or it was erased). */
  async get(id: string): Promise<InboxMessage | undefined> {
    const { rows } = await this.sql.query<Row>(
      `SELECT ${COLUMNS} ${FROM} WHERE r.id = $1 AND r.kind IN ('contact', 'support')`,
      [id],
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      ...summaryOf(row),
      name: row.name,
      email: row.email,
      phone: row.phone,
      message: row.message,
      preferredContact: row.preferred_contact,
    };
  }
}

/** A message's changes, oldest first, each with its author's username, and where the last one stands. */
export async function inboxChanges(
  eventStore: EventStore,
  requestId: string,
): Promise<{ changes: InboxChange[]; position: Position | undefined }> {
  const recorded = await eventStore.readStream(inboxStream(requestId));
  const changes = recorded.map((stored): InboxChange => {
    const event = inboxDecider.parse(stored);
    const common = { at: stored.metadata.timestamp, by: event.data.by.username };
    return event.type === 'ContactMessageStatusSet'
      ? { type: 'status', ...common, from: event.data.from, to: event.data.to }
      : { type: 'assignment', ...common, assignee: event.data.assignee?.username ?? null };
  });
  return { changes, position: recorded.at(-1)?.position };
}
