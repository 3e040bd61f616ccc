import type { OutboxMessage } from '@contrail/shared/admin/operations';
import { randomUUID } from 'node:crypto';
import type { SqlExecutor } from '../storage/sql.js';

interface Row {
  id: string;
  booking_id: string | null;
  brand_key: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html: string;
  created_at: Date | string;
  sent_at: Date | string | null;
  headers?: Record<string, string> | string | null;
}

const toMessage = (row: Row): OutboxMessage => ({
  id: row.id,
  bookingId: row.booking_id,
  brandKey: row.brand_key,
  kind: row.kind,
  to: row.to_address,
  subject: row.subject,
  text: row.text_body,
  html: row.html,
  createdAt: new Date(row.created_at).toISOString(),
  sentAt: row.sent_at === null ? null : new Date(row.sent_at).toISOString(),
});

/** Every booking email, one per booking and kind: what SMTP sent, or what admins read instead. */
export class EmailOutbox {
  constructor(private readonly sql: SqlExecutor) {}

  /** The message for this booking and kind, stored once: a retried job gets the first one back. */
  async keep(
    message: Omit<OutboxMessage, 'id' | 'createdAt' | 'sentAt'> & { bookingId: string },
  ): Promise<OutboxMessage> {
    const { rows: stored } = await this.sql.query<Row>(
      `INSERT INTO email_outbox (id, booking_id, brand_key, kind, to_address, subject, html, text_body)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (booking_id, kind) DO NOTHING RETURNING *`,
      [
        randomUUID(),
        message.bookingId,
        message.brandKey,
        message.kind,
        message.to,
        message.subject,
        message.html,
        message.text,
      ],
    );
    if (stored[0]) return toMessage(stored[0]);
    const { rows } = await this.sql.query<Row>('SELECT * FROM email_outbox WHERE booking_id = $1 AND kind = $2', [
      message.bookingId,
      message.kind,
    ]);
    return toMessage(rows[0]!);
  }

  async markSent(id: string, at: Date): Promise<void> {
    await this.sql.query('UPDATE email_outbox SET sent_at = $2 WHERE id = $1', [id, at.toISOString()]);
  }

  async list(filter: { brandKey?: string; bookingId?: string; limit?: number }): Promise<OutboxMessage[]> {
    const { rows } = await this.sql.query<Row>(
      `SELECT * FROM email_outbox WHERE ($1::text IS NULL OR brand_key = $1) AND ($2::text IS NULL OR booking_id = $2)
       ORDER BY created_at DESC LIMIT $3`,
      [filter.brandKey ?? null, filter.bookingId ?? null, Math.min(filter.limit ?? 100, 500)],
    );
    return rows.map(toMessage);
  }

  /**
   * An email about no booking, stored once per `key` (a price alert's check: `price-drop:<id>:<check>`):
   * a retried or doubled job gets the first one back. `headers` go out with it (List-Unsubscribe).
   */
  async keepOnce(
    message: Omit<OutboxMessage, 'id' | 'createdAt' | 'sentAt' | 'bookingId'> & {
      key: string;
      headers?: Record<string, string>;
    },
  ): Promise<OutboxMessage & { headers: Record<string, string> }> {
    await this.sql.query(
      `INSERT INTO email_outbox (id, booking_id, brand_key, kind, to_address, subject, html, text_body, outbox_key, headers)
       VALUES ($1, NULL, $2, $3, $4, $5, $6, $7, $8, $9::jsonb) ON CONFLICT (outbox_key) DO NOTHING`,
      [
        randomUUID(),
        message.brandKey,
        message.kind,
        message.to,
        message.subject,
        message.html,
        message.text,
        message.key,
        JSON.stringify(message.headers ?? {}),
      ],
    );
    return (await this.findByKey(message.key))!;
  }

  async findByKey(key: string): Promise<(OutboxMessage & { headers: Record<string, string> }) | undefined> {
    const { rows } = await this.sql.query<Row>('SELECT * FROM email_outbox WHERE outbox_key = $1', [key]);
    const row = rows[0];
    if (!row) return undefined;
    const headers = typeof row.headers === 'string' ? (JSON.parse(row.headers) as Record<string, string>) : row.headers;
    return { ...toMessage(row), headers: headers ?? {} };
  }

  /** An email to an account, about no booking: kept each time. */
  async keepForAccount(
    message: Omit<OutboxMessage, 'id' | 'createdAt' | 'sentAt' | 'bookingId'>,
  ): Promise<OutboxMessage> {
    const { rows } = await this.sql.query<Row>(
      `INSERT INTO email_outbox (id, booking_id, brand_key, kind, to_address, subject, html, text_body)
       VALUES ($1, NULL, $2, $3, $4, $5, $6, $7) RETURNING *`,
      [randomUUID(), message.brandKey, message.kind, message.to, message.subject, message.html, message.text],
    );
    return toMessage(rows[0]!);
  }
}
