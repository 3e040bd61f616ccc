import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../storage/sql.js';
import { sqlBackends } from '../../test-support/sql.js';
import { decrypt, encrypt, newDataKey } from './cipher.js';
import { InMemoryPiiKeyStore, PiiErasedError, type PiiKeyStore } from './key-store.js';
import type { PassengerPii } from './sealed.js';
import { PiiMasterKeyError, SqlPiiKeyStore } from './sql-key-store.js';
import { PiiVault } from './vault.js';

const ada: PassengerPii = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  dateOfBirth: '1990-05-01',
  email: 'ada@example.com',
  phone: '+44 1',
  passportNumber: 'AB123456',
};
const bob: PassengerPii = { firstName: 'Bob', lastName: 'Byte', dateOfBirth: '2015-02-03' };

describe('AES-256-GCM', () => {
  it('round-trips and binds the ciphertext to its key id', () => {
    const key = newDataKey();
    const sealed = encrypt(key, Buffer.from('secret'), 'b1/pas_1');
    expect(sealed.data.toString()).not.toContain('secret');
    expect(decrypt(key, sealed, 'b1/pas_1').toString()).toBe('secret');
    expect(() => decrypt(key, sealed, 'b1/pas_2')).toThrow();
    expect(() => decrypt(newDataKey(), sealed, 'b1/pas_1')).toThrow();
    const tampered = { ...sealed, data: Buffer.from(sealed.data) };
    tampered.data[0] = tampered.data[0]! ^ 1;
    expect(() => decrypt(key, tampered, 'b1/pas_1')).toThrow();
  });
});

function vaultSpec(name: string, makeStore: () => Promise<PiiKeyStore>) {
  // Each spec runs on its own booking ids: two specs may share one database.
  const id = (booking: string) => `${name}-${booking}`;
  describe(`PII vault on ${name}`, () => {
    let vault: PiiVault;
    let store: PiiKeyStore;
    beforeAll(async () => {
      store = await makeStore();
      vault = new PiiVault(store);
    });

    it('seals data so that the event holds no clear text', async () => {
      const sealed = await vault.seal(id('b1'), 'pas_1', ada);
      expect(sealed.keyId).toBe(`${id('b1')}/pas_1`);
      expect(JSON.stringify(sealed)).not.toMatch(/Ada|Lovelace|AB123456|ada@example/);
      expect(await vault.open(sealed)).toEqual(ada);
    });

    it('reuses the traveller key for later events of the same booking', async () => {
      const first = await vault.seal(id('b2'), 'pas_1', ada);
      const second = await vault.seal(id('b2'), 'pas_1', { ...ada, phone: '+44 2' });
      expect(await vault.open(first)).toEqual(ada);
      expect((await vault.open(second))?.phone).toBe('+44 2');
    });

    it('erases one traveller and leaves the others readable', async () => {
      const one = await vault.seal(id('b3'), 'pas_1', ada);
      const two = await vault.seal(id('b3'), 'pas_2', bob);
      expect(await vault.erase(id('b3'), ['pas_1'])).toBe(1);
      expect(await vault.open(one)).toBeNull();
      expect(await vault.open(two)).toEqual(bob);
      expect(await vault.erase(id('b3'), ['pas_1'])).toBe(0);
    });

    it('never re-creates an erased key', async () => {
      await vault.seal(id('b4'), 'pas_1', ada);
      await vault.erase(id('b4'), ['pas_1']);
      await expect(vault.seal(id('b4'), 'pas_1', ada)).rejects.toBeInstanceOf(PiiErasedError);
    });

    it('erases a whole booking and no other', async () => {
      const one = await vault.seal(id('b5'), 'pas_1', ada);
      const two = await vault.seal(id('b5'), 'pas_2', bob);
      const other = await vault.seal(id('b6'), 'pas_1', bob);
      expect(await vault.erase(id('b5'))).toBe(2);
      expect(await vault.open(one)).toBeNull();
      expect(await vault.open(two)).toBeNull();
      expect(await vault.open(other)).toEqual(bob);
    });

    it('refuses a tampered ciphertext', async () => {
      const sealed = await vault.seal(id('b7'), 'pas_1', ada);
      await expect(vault.open({ ...sealed, keyId: `${id('b5')}/pas_9` })).resolves.toBeNull();
      const data = Buffer.from(sealed.data, 'base64');
      data[0] = data[0]! ^ 1;
      await expect(vault.open({ ...sealed, data: data.toString('base64') })).rejects.toThrow();
    });
  });
}

vaultSpec('memory', async () => new InMemoryPiiKeyStore(newDataKey));

describe.each(sqlBackends())('SQL key store on $name', (backend) => {
  let db: SqlClient;
  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db?.close();
  });

  vaultSpec(backend.name, async () => new SqlPiiKeyStore(db, randomBytes(32)));

  it('stores wrapped keys that differ from the data key and only the tombstone after erasure', async () => {
    const masterKey = randomBytes(32);
    const store = new SqlPiiKeyStore(db, masterKey);
    const key = await store.obtain('w1/pas_1', 'w1');
    const { rows } = await db.query<{ data_key: Uint8Array }>(
      "SELECT data_key FROM pii_data_keys WHERE key_id = 'w1/pas_1'",
    );
    expect(Buffer.from(rows[0]!.data_key).equals(key)).toBe(false);
    expect(rows[0]!.data_key.length).toBe(60);
    expect(Buffer.from(rows[0]!.data_key).includes(key)).toBe(false);
    expect(await new SqlPiiKeyStore(db, masterKey).find('w1/pas_1')).toEqual(key);
    await store.erase(['w1/pas_1']);
    const after = await db.query<{ data_key: Uint8Array | null; erased_at: Date | null }>(
      "SELECT data_key, erased_at FROM pii_data_keys WHERE key_id = 'w1/pas_1'",
    );
    expect(after.rows[0]?.data_key).toBeNull();
    expect(after.rows[0]?.erased_at).not.toBeNull();
  });

  it('opens nothing from the database alone: without the master key the vault fails clearly', async () => {
    const masterKey = randomBytes(32);
    const vault = new PiiVault(new SqlPiiKeyStore(db, masterKey));
    const sealed = await vault.seal('k1', 'pas_1', ada);
    const { rows } = await db.query<{ data_key: Uint8Array }>(
      "SELECT data_key FROM pii_data_keys WHERE key_id = 'k1/pas_1'",
    );
    // Whoever reads the table and takes the stored bytes for the key learns nothing.
    expect(() =>
      decrypt(
        Buffer.from(rows[0]!.data_key).subarray(0, 32),
        {
          iv: Buffer.from(sealed.iv, 'base64'),
          tag: Buffer.from(sealed.tag, 'base64'),
          data: Buffer.from(sealed.data, 'base64'),
        },
        sealed.keyId,
      ),
    ).toThrow();
    const wrongKey = new SqlPiiKeyStore(db, randomBytes(32));
    await expect(new PiiVault(wrongKey).open(sealed)).rejects.toThrow(PiiMasterKeyError);
    await expect(new PiiVault(wrongKey).open(sealed)).rejects.toThrow(/PII_MASTER_KEY must be the key/);
    await expect(wrongKey.prepare()).rejects.toThrow(PiiMasterKeyError);
    expect(await vault.open(sealed)).toEqual(ada);
    expect(() => new SqlPiiKeyStore(db, randomBytes(16))).toThrow(/32 bytes/);
  });

  it('wraps the data keys an earlier version stored plain, once, and they still open their data', async () => {
    const masterKey = randomBytes(32);
    const plainKey = newDataKey();
    const sealed = encrypt(plainKey, Buffer.from(JSON.stringify(bob)), 'old1/pas_1');
    await db.query("INSERT INTO pii_data_keys (key_id, booking_id, data_key) VALUES ('old1/pas_1', 'old1', $1)", [
      plainKey,
    ]);
    const store = new SqlPiiKeyStore(db, masterKey);
    expect(await store.prepare()).toBe(1);
    expect(await store.prepare()).toBe(0);
    const { rows } = await db.query<{ data_key: Uint8Array }>(
      "SELECT data_key FROM pii_data_keys WHERE key_id = 'old1/pas_1'",
    );
    expect(Buffer.from(rows[0]!.data_key).includes(plainKey)).toBe(false);
    const opened = await new PiiVault(store).open({
      keyId: 'old1/pas_1',
      iv: sealed.iv.toString('base64'),
      tag: sealed.tag.toString('base64'),
      data: sealed.data.toString('base64'),
    });
    expect(opened).toEqual(bob);
  });

  it('gives two racing sealers of one traveller the same key', async () => {
    const store = new SqlPiiKeyStore(db, randomBytes(32));
    const [a, b] = await Promise.all([store.obtain('r1/pas_1', 'r1'), store.obtain('r1/pas_1', 'r1')]);
    expect(a.equals(b)).toBe(true);
  });
});
