import type { SqlExecutor } from '../../storage/sql.js';
import { newDataKey, unwrapKey, wrapKey } from './cipher.js';
import { PiiErasedError, type PiiKeyStore } from './key-store.js';

export class PiiMasterKeyError extends Error {
  constructor(keyId: string) {
    super(
      `The PII master key does not open the data key ${keyId}: PII_MASTER_KEY must be the key the data keys were wrapped with`,
    );
    this.name = 'PiiMasterKeyError';
  }
}

/** A data key as it was stored before wrapping (issue #16): 32 bytes, where a wrapped one has 60. */
const PLAIN_KEY_BYTES = 32;

/**
 * Data keys in the `pii_data_keys` table, each wrapped (AES-256-GCM) under the master key from
 * PII_MASTER_KEY, so the database alone opens nothing. An erased key leaves a tombstone so it is
 * never re-created.
 */
export class SqlPiiKeyStore implements PiiKeyStore {
  constructor(
    private readonly sql: SqlExecutor,
    private readonly masterKey: Buffer,
  ) {
    if (masterKey.length !== 32) throw new Error('The PII master key must be 32 bytes');
  }

  /**
   * At start-up: wraps the data keys stored plain by earlier versions, then checks that the master
   * key opens the stored keys, so a wrong PII_MASTER_KEY stops the start instead of failing bookings.
   * Returns how many keys it wrapped.
   */
  async prepare(): Promise<number> {
    const { rows } = await this.sql.query<{ key_id: string; data_key: Uint8Array }>(
      'SELECT key_id, data_key FROM pii_data_keys WHERE octet_length(data_key) = $1',
      [PLAIN_KEY_BYTES],
    );
    let wrapped = 0;
    for (const row of rows) {
      const { rowCount } = await this.sql.query(
        'UPDATE pii_data_keys SET data_key = $2 WHERE key_id = $1 AND data_key = $3',
        [row.key_id, wrapKey(this.masterKey, Buffer.from(row.data_key), row.key_id), row.data_key],
      );
      wrapped += rowCount;
    }
    const { rows: sample } = await this.sql.query<{ key_id: string }>(
      'SELECT key_id FROM pii_data_keys WHERE data_key IS NOT NULL ORDER BY created_at DESC LIMIT 1',
    );
    if (sample[0]) await this.#read(sample[0].key_id);
    return wrapped;
  }

  async obtain(keyId: string, bookingId: string): Promise<Buffer> {
    const fresh = newDataKey();
    const { rowCount } = await this.sql.query(
      'INSERT INTO pii_data_keys (key_id, booking_id, data_key) VALUES ($1, $2, $3) ON CONFLICT (key_id) DO NOTHING',
      [keyId, bookingId, wrapKey(this.masterKey, fresh, keyId)],
    );
    // Stored now: the key is the one just made. Otherwise it existed already (or was erased): read it.
    if (rowCount === 1) return fresh;
    const key = await this.#read(keyId);
    if (key === undefined) throw new Error(`Data key ${keyId} vanished`);
    if (key === null) throw new PiiErasedError(keyId);
    return key;
  }

  async find(keyId: string): Promise<Buffer | null> {
    return (await this.#read(keyId)) ?? null;
  }

  async erase(keyIds: readonly string[]): Promise<number> {
    if (keyIds.length === 0) return 0;
    const { rowCount } = await this.sql.query(
      'UPDATE pii_data_keys SET data_key = NULL, erased_at = now() WHERE key_id = ANY($1::text[]) AND data_key IS NOT NULL',
      [keyIds],
    );
    return rowCount;
  }

  async eraseBooking(bookingId: string): Promise<number> {
    const { rowCount } = await this.sql.query(
      'UPDATE pii_data_keys SET data_key = NULL, erased_at = now() WHERE booking_id = $1 AND data_key IS NOT NULL',
      [bookingId],
    );
    return rowCount;
  }

  /** The key; null once erased; undefined when there is no such key. */
  async #read(keyId: string): Promise<Buffer | null | undefined> {
    const { rows } = await this.sql.query<{ data_key: Uint8Array | null }>(
      'SELECT data_key FROM pii_data_keys WHERE key_id = $1',
      [keyId],
    );
    const row = rows[0];
    if (!row) return undefined;
    if (!row.data_key) return null;
    try {
      return unwrapKey(this.masterKey, Buffer.from(row.data_key), keyId);
    } catch {
      throw new PiiMasterKeyError(keyId);
    }
  }
}
