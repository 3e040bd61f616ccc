import { createHash } from 'node:crypto';
import type { SqlExecutor } from '../../storage/sql.js';

export type RequestState = 'running' | 'pending' | 'done';

/** A claimed Idempotency-Key (per brand): who runs it, and the answer once there is one. */
export interface StoredRequest {
  requestHash: string;
  state: RequestState;
  status: number | null;
  response: Record<string, unknown> | null;
  /** The booking the key was claimed for (booking requests only). */
  bookingId?: string;
}

interface LedgerRow {
  request_hash: string;
  state: RequestState;
  status: number | null;
  response: Record<string, unknown> | string | null;
  booking_id?: string;
}

const parsedJson = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

export function requestHash(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex');
}

/**
 * Idempotency-Keys in shared storage (`booking_requests`, `card_requests`), so that any engine
 * answers a repeat: the first request claims the key (running) and keeps its claim alive while it
 * works; a repeat waits for the answer, or takes over a claim whose process stopped refreshing it
 * (died), or one left pending. checkout/idempotent-request.ts says when each step is taken. A
 * booking request's key is claimed with its booking id, and its kept answer holds no personal data
 * and no password (see BookingAnswers): a repeat rebuilds the rest from what is still readable.
 */
export class RequestLedger {
  constructor(
    private readonly sql: SqlExecutor,
    private readonly table: 'booking_requests' | 'card_requests',
  ) {}

  /** The stored request when the key was already used; undefined when this call claimed it. */
  async claim(brandKey: string, key: string, hash: string, columns: Record<string, unknown> = {}) {
    if (await this.#insert(brandKey, key, hash, columns)) return undefined;
    const existing = await this.get(brandKey, key);
    if (!existing) throw new Error('An idempotency key vanished while claimed');
    return existing;
  }

  async get(brandKey: string, key: string): Promise<StoredRequest | undefined> {
    const { rows } = await this.sql.query<LedgerRow>(
      `SELECT * FROM ${this.table} WHERE brand_key = $1 AND idempotency_key = $2`,
      [brandKey, key],
    );
    const row = rows[0];
    return (
      row && {
        requestHash: row.request_hash,
        state: row.state,
        status: row.status,
        response: parsedJson(row.response),
        ...(row.booking_id && { bookingId: row.booking_id }),
      }
    );
  }

  async #insert(brandKey: string, key: string, hash: string, extra: Record<string, unknown>) {
    const columns = ['brand_key', 'idempotency_key', 'request_hash', 'state', ...Object.keys(extra)];
    const values = [brandKey, key, hash, 'running', ...Object.values(extra)];
    const { rowCount } = await this.sql.query(
      `INSERT INTO ${this.table} (${columns.join(', ')}) VALUES (${values.map((_, i) => `$${i + 1}`).join(', ')})
       ON CONFLICT (brand_key, idempotency_key) DO NOTHING`,
      values,
    );
    return rowCount === 1;
  }

  async #update(set: string, where: string, params: unknown[]): Promise<number> {
    const { rowCount } = await this.sql.query(
      `UPDATE ${this.table} SET ${set}, updated_at = now() WHERE brand_key = $1 AND idempotency_key = $2 AND ${where}`,
      params,
    );
    return rowCount;
  }

  /** The answer, kept for every repeat of the key; the first one written wins. */
  async finish(brandKey: string, key: string, status: number, response: object): Promise<void> {
    await this.#update("state = 'done', status = $3, response = $4::jsonb", "state <> 'done'", [
      brandKey,
      key,
      status,
      JSON.stringify(response),
    ]);
  }

  /** Keeps a running claim alive. */
  async heartbeat(brandKey: string, key: string): Promise<void> {
    await this.#update("state = 'running'", "state = 'running'", [brandKey, key]);
  }

  /** The answer said "still pending": whoever asks again next finishes it. */
  async release(brandKey: string, key: string): Promise<void> {
    await this.#update("state = 'pending'", "state = 'running'", [brandKey, key]);
  }

  /** Takes a pending request over, or a running one untouched for `staleMs` (its runner died); false when someone else did. */
  async takeOver(brandKey: string, key: string, staleMs: number): Promise<boolean> {
    const taken = await this.#update(
      "state = 'running'",
      `(state = 'pending' OR (state = 'running' AND updated_at < now() - $3::int * interval '1 millisecond'))`,
      [brandKey, key, Math.round(staleMs)],
    );
    return taken === 1;
  }

  /** Forgets a claim whose request failed before it changed anything, so it can be tried again. */
  async forget(brandKey: string, key: string): Promise<void> {
    await this.sql.query(
      `DELETE FROM ${this.table} WHERE brand_key = $1 AND idempotency_key = $2 AND state <> 'done'`,
      [brandKey, key],
    );
  }

  /**
   * True while a booking request for this booking has no answer yet and was running, or left
   * pending for a repeat to resume, within the last `withinMs`: it may still record the booking.
   */
  async mayStillRecord(bookingId: string, withinMs: number): Promise<boolean> {
    const { rows } = await this.sql.query(
      `SELECT 1 FROM booking_requests WHERE booking_id = $1 AND state <> 'done'
          AND updated_at >= now() - $2::int * interval '1 millisecond' LIMIT 1`,
      [bookingId, Math.round(withinMs)],
    );
    return rows.length > 0;
  }
}
