import { randomUUID } from 'node:crypto';
import type { SupportRequestInput, SupportRequestKind, SupportRequestRecord } from '@contrail/shared';
import type { SqlExecutor } from '../storage/sql.js';

interface SupportRequestRow {
  id: string;
  brand_key: string;
  kind: SupportRequestKind;
  email: string;
  name: string | null;
  phone: string | null;
  reason: string | null;
  subject: string | null;
  booking_reference: string | null;
  message: string | null;
  preferred_contact: string | null;
  created_at: Date | string;
}

const toRecord = (row: SupportRequestRow): SupportRequestRecord => ({
  id: row.id,
  brandKey: row.brand_key,
  kind: row.kind,
  name: row.name,
  email: row.email,
  phone: row.phone,
  reason: row.reason,
  subject: row.subject,
  bookingReference: row.booking_reference,
  message: row.message,
  preferredContact: row.preferred_contact,
  createdAt: new Date(row.created_at).toISOString(),
});

/** The columns each form fills; the rest stay null. */
function columnsOf(input: SupportRequestInput) {
  switch (input.kind) {
    case 'contact':
      return {
        name: `${input.firstName} ${input.lastName}`,
        phone: input.phone ?? null,
        reason: input.reason,
        subject: null,
        bookingReference: input.bookingReference ?? null,
        message: input.message,
        preferredContact: input.preferredContact,
      };
    case 'support':
      return {
        name: input.fullName,
        phone: null,
        reason: null,
        subject: input.subject,
        bookingReference: input.bookingReference ?? null,
        message: input.message,
        preferredContact: 'email',
      };
    case 'subscribe':
      return {
        name: null,
        phone: null,
        reason: null,
        subject: null,
        bookingReference: null,
        message: null,
        preferredContact: null,
      };
  }
}

export interface SupportRequestQuery {
  /** One brand, or every brand (platform admins only). */
  brandKey: string | 'all';
  kind?: SupportRequestKind | undefined;
  limit: number;
  offset: number;
}

/** The support_requests table. */
export class SupportRequestStore {
  constructor(private readonly sql: SqlExecutor) {}

  /** Records a request; a repeated sign-up answers the one already kept. */
  async record(
    brandKey: string,
    input: SupportRequestInput,
    userId: string | undefined,
    now: Date,
  ): Promise<SupportRequestRecord> {
    const c = columnsOf(input);
    const { rows } = await this.sql.query<SupportRequestRow>(
      `INSERT INTO support_requests (id, brand_key, kind, email, name, phone, reason, subject, booking_reference,
         message, preferred_contact, user_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT DO NOTHING RETURNING *`,
      [
        randomUUID(),
        brandKey,
        input.kind,
        input.email,
        c.name,
        c.phone,
        c.reason,
        c.subject,
        c.bookingReference,
        c.message,
        c.preferredContact,
        userId ?? null,
        now,
      ],
    );
    if (rows[0]) return toRecord(rows[0]);
    const existing = await this.sql.query<SupportRequestRow>(
      `SELECT * FROM support_requests WHERE brand_key = $1 AND lower(email) = lower($2) AND kind = 'subscribe'`,
      [brandKey, input.email],
    );
    return toRecord(existing.rows[0]!);
  }

  /** Newest first. */
  async list(query: SupportRequestQuery): Promise<{ requests: SupportRequestRecord[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.brandKey !== 'all') {
      params.push(query.brandKey);
      where.push(`brand_key = $${params.length}`);
    }
    if (query.kind) {
      params.push(query.kind);
      where.push(`kind = $${params.length}`);
    }
    const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const count = await this.sql.query<{ total: string | number }>(
      `SELECT count(*) AS total FROM support_requests ${filter}`,
      params,
    );
    const { rows } = await this.sql.query<SupportRequestRow>(
      `SELECT * FROM support_requests ${filter} ORDER BY created_at DESC, id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.limit, query.offset],
    );
    return { requests: rows.map(toRecord), total: Number(count.rows[0]?.total ?? 0) };
  }
}
