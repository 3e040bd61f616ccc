import { createHash } from 'node:crypto';
import type { SqlExecutor } from '../storage/sql.js';
import { decrypt, encrypt } from './pii/cipher.js';
import type { PiiKeyStore } from './pii/key-store.js';

export type RequestState = 'running' | 'pending' | 'done';

export interface StoredRequest {
  requestHash: string;
  bookingId: string;
  state: RequestState;
  status: number | null;
  response: Record<string, unknown> | null;
  sealedSecret: { iv: string; tag: string; data: string } | null;
}

interface Row {
  request_hash: string;
  booking_id: string;
  state: RequestState;
  status: number | null;
  response: Record<string, unknown> | string | null;
  sealed_secret: StoredRequest['sealedSecret'] | string | null;
}

const parsed = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

export function requestHash(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex');
}

/**
 * POST /api/bookings by Idempotency-Key (per brand): the first request claims the key and its
 * booking id; a repeat waits for that answer and gets it again. A password shown once in the
 * answer is kept sealed under the booking's own data key, so erasing the booking erases it too.
 */
export class BookingRequests {
  constructor(
    private readonly sql: SqlExecutor,
    private readonly keys: PiiKeyStore,
  ) {}

  /** The stored request when the key was already used; undefined when this call claimed it. */
  async claim(brandKey: string, key: string, hash: string, bookingId: string): Promise<StoredRequest | undefined> {
    const { rowCount } = await this.sql.query(
      `INSERT INTO booking_requests (brand_key, idempotency_key, request_hash, booking_id, state)
       VALUES ($1, $2, $3, $4, 'running') ON CONFLICT (brand_key, idempotency_key) DO NOTHING`,
      [brandKey, key, hash, bookingId],
    );
    if (rowCount === 1) return undefined;
    const existing = await this.get(brandKey, key);
    if (!existing) throw new Error('An idempotency key vanished while claimed');
    return existing;
  }

  async get(brandKey: string, key: string): Promise<StoredRequest | undefined> {
    const { rows } = await this.sql.query<Row>(
      'SELECT * FROM booking_requests WHERE brand_key = $1 AND idempotency_key = $2',
      [brandKey, key],
    );
    const row = rows[0];
    return (
      row && {
        requestHash: row.request_hash,
        bookingId: row.booking_id,
        state: row.state,
        status: row.status,
        response: parsed(row.response),
        sealedSecret: parsed(row.sealed_secret),
      }
    );
  }

  async finish(brandKey: string, key: string, status: number, response: object, secret?: string): Promise<void> {
    const bookingId = (await this.get(brandKey, key))?.bookingId ?? '';
    const sealed = secret === undefined ? null : await this.#seal(bookingId, secret);
    await this.sql.query(
      `UPDATE booking_requests SET state = 'done', status = $3, response = $4::jsonb, sealed_secret = $5::jsonb, updated_at = now()
       WHERE brand_key = $1 AND idempotency_key = $2`,
      [brandKey, key, status, JSON.stringify(response), sealed && JSON.stringify(sealed)],
    );
  }

  /** The answer said "still pending": whoever asks again next finishes it. */
  async release(brandKey: string, key: string): Promise<void> {
    await this.sql.query(
      `UPDATE booking_requests SET state = 'pending', updated_at = now() WHERE brand_key = $1 AND idempotency_key = $2 AND state = 'running'`,
      [brandKey, key],
    );
  }

  /**
   * Takes a pending request over, or a running one untouched for `staleMs` (its process died);
   * false when someone else did first.
   */
  async takeOver(brandKey: string, key: string, staleMs: number): Promise<boolean> {
    const { rowCount } = await this.sql.query(
      `UPDATE booking_requests SET state = 'running', updated_at = now()
       WHERE brand_key = $1 AND idempotency_key = $2
         AND (state = 'pending' OR (state = 'running' AND updated_at < now() - $3::int * interval '1 millisecond'))`,
      [brandKey, key, Math.round(staleMs)],
    );
    return rowCount === 1;
  }

  /** Forgets a claim whose request failed before it changed anything, so it can be tried again. */
  async forget(brandKey: string, key: string): Promise<void> {
    await this.sql.query(
      `DELETE FROM booking_requests WHERE brand_key = $1 AND idempotency_key = $2 AND state <> 'done'`,
      [brandKey, key],
    );
  }

  async unseal(stored: StoredRequest): Promise<string | null> {
    if (!stored.sealedSecret) return null;
    const keyId = secretKeyId(stored.bookingId);
    const key = await this.keys.find(keyId);
    if (!key) return null;
    const { iv, tag, data } = stored.sealedSecret;
    return decrypt(
      key,
      { iv: Buffer.from(iv, 'base64'), tag: Buffer.from(tag, 'base64'), data: Buffer.from(data, 'base64') },
      keyId,
    ).toString('utf8');
  }

  async #seal(bookingId: string, secret: string) {
    const keyId = secretKeyId(bookingId);
    const key = await this.keys.obtain(keyId, bookingId);
    const { iv, tag, data } = encrypt(key, Buffer.from(secret, 'utf8'), keyId);
    return { iv: iv.toString('base64'), tag: tag.toString('base64'), data: data.toString('base64') };
  }
}

const secretKeyId = (bookingId: string) => `${bookingId}/account`;
