import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createLogger } from '../../logging/logger.js';
import { createRuntime } from '../../runtime/runtime.js';
import { openPostgres } from '../../storage/postgres.js';
import { serviceUrl } from '../../test-support/services.js';
import { newDataKey } from './cipher.js';
import { PiiMasterKeyError } from './sql-key-store.js';
import { scaled } from '@contrail/shared/test-support/time-scale';

const databaseUrl = serviceUrl('DATABASE_URL');

/** Start-up with PII_MASTER_KEY: data keys stored plain by an earlier version are wrapped; a wrong key stops the start. */
describe.runIf(databaseUrl)('the engine starting with PII_MASTER_KEY', () => {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = () => openPostgres({ url: databaseUrl!, maxConnections: 1 });
  const masterKey = randomBytes(32);
  const environment = (key: Buffer) =>
    loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: `${databaseUrl}${databaseUrl!.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}`,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PII_MASTER_KEY: key.toString('base64'),
      LOG_LEVEL: 'silent',
    });
  const start = (key: Buffer) => createRuntime(environment(key), createLogger({ level: 'silent', name: 'pii-start' }));

  beforeAll(async () => {
    const sql = admin();
    await sql.query(`CREATE SCHEMA ${schema}`);
    await sql.close();
  });
  afterAll(async () => {
    const sql = admin();
    await sql.query(`DROP SCHEMA ${schema} CASCADE`);
    await sql.close();
  });

  it(
    'wraps the keys an earlier version stored plain, then refuses to start with another key',
    async () => {
      const first = await start(masterKey);
      const plain = newDataKey();
      await first.deps.sql.query(
        "INSERT INTO pii_data_keys (key_id, booking_id, data_key) VALUES ('legacy/pas_1', 'legacy', $1)",
        [plain],
      );
      await first.close();

      const second = await start(masterKey);
      const { rows } = await second.deps.sql.query<{ data_key: Uint8Array }>(
        "SELECT data_key FROM pii_data_keys WHERE key_id = 'legacy/pas_1'",
      );
      expect(rows[0]!.data_key.length).toBe(60);
      expect(Buffer.from(rows[0]!.data_key).includes(plain)).toBe(false);
      await second.close();

      await expect(start(randomBytes(32))).rejects.toThrow(PiiMasterKeyError);
    },
    scaled(60_000),
  );
});
