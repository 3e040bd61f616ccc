import type { Migration } from '../../storage/migrations.js';
import type { SqlClient } from '../../storage/sql.js';
import { newDataKey, unwrapKey, wrapKey } from './cipher.js';
import { PiiErasedError, type PiiKeyStore } from './key-store.js';

export const piiMigrations: Migration[] = [
  {
    id: '300_pii_data_keys',
    sql: `CREATE TABLE pii_data_keys (
  key_id text PRIMARY KEY,
  booking_id text NOT NULL,
  data_key bytea,
  created_at timestamptz NOT NULL DEFAULT now(),
  erased_at timestamptz
);
CREATE INDEX pii_data_keys_booking ON pii_data_keys (booking_id);`,
  },
];

export interface SqlPiiKeyStoreOptions {
  /**
   * When given (32 bytes), data keys are stored wrapped under this key, so a database dump alone
   * reveals nothing. Without it they are stored as they are.
   */
  masterKey?: Buffer;
}

/** Data keys in the `pii_data_keys` table; an erased key leaves a tombstone so it is never re-created. */
export class SqlPiiKeyStore implements PiiKeyStore {
  constructor(
    private readonly sql: SqlClient,
    private readonly options: SqlPiiKeyStoreOptions = {},
  ) {
    if (options.masterKey && options.masterKey.length !== 32) throw new Error('The PII master key must be 32 bytes');
  }

  async obtain(keyId: string, bookingId: string): Promise<Buffer> {
    const fresh = newDataKey();
    await this.sql.query(
      'INSERT INTO pii_data_keys (key_id, booking_id, data_key) VALUES ($1, $2, $3) ON CONFLICT (key_id) DO NOTHING',
      [keyId, bookingId, this.#store(fresh, keyId)],
    );
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
    const stored = Buffer.from(row.data_key);
    return this.options.masterKey ? unwrapKey(this.options.masterKey, stored, keyId) : stored;
  }

  #store(key: Buffer, keyId: string): Buffer {
    return this.options.masterKey ? wrapKey(this.options.masterKey, key, keyId) : key;
  }
}
