import type { SqlExecutor } from '../../storage/sql.js';
import { decrypt, encrypt } from '../pii/cipher.js';
import type { PiiKeyStore } from '../pii/key-store.js';
import { parsedJson, RequestLedger, type LedgerRow, type StoredRequest } from './request-ledger.js';

export { requestHash } from './request-ledger.js';

export interface StoredBookingRequest extends StoredRequest {
  bookingId: string;
  sealedSecret: { iv: string; tag: string; data: string } | null;
}

interface Row extends LedgerRow {
  booking_id: string;
  sealed_secret: StoredBookingRequest['sealedSecret'] | string | null;
}

/**
 * POST /api/bookings by Idempotency-Key (per brand): the first request claims the key and its
 * booking id; a repeat waits for that answer and gets it again. A password shown once in the
 * answer is kept sealed under the booking's own data key, so erasing the booking erases it too.
 */
export class BookingRequests extends RequestLedger {
  constructor(
    sql: SqlExecutor,
    private readonly keys: PiiKeyStore,
  ) {
    super(sql, 'booking_requests');
  }

  /** The stored request when the key was already used; undefined when this call claimed it. */
  async claim(
    brandKey: string,
    key: string,
    hash: string,
    bookingId: string,
  ): Promise<StoredBookingRequest | undefined> {
    if (await this.insert(brandKey, key, hash, { booking_id: bookingId })) return undefined;
    const existing = await this.get(brandKey, key);
    if (!existing) throw new Error('An idempotency key vanished while claimed');
    return existing;
  }

  async get(brandKey: string, key: string): Promise<StoredBookingRequest | undefined> {
    const row = await this.row<Row>(brandKey, key);
    return row && { ...this.stored(row), bookingId: row.booking_id, sealedSecret: parsedJson(row.sealed_secret) };
  }

  /** The answer; a password in it is kept sealed apart from the answer. */
  async finishBooking(
    brandKey: string,
    key: string,
    bookingId: string,
    status: number,
    response: object,
    secret?: string,
  ): Promise<void> {
    const sealed = secret === undefined ? null : await this.#seal(bookingId, secret);
    await this.finish(brandKey, key, status, response, { sealed_secret: sealed && JSON.stringify(sealed) });
  }

  async unseal(stored: StoredBookingRequest): Promise<string | null> {
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
