import { randomBytes } from 'node:crypto';
import { parseKey32 } from '../../config.js';
import { generatedSecret } from '../../storage/data-dir.js';

export const PII_MASTER_KEY_FILE = 'pii-master-key';

/**
 * The embedded default's PII master key: made once (32 random bytes, base64, the PII_MASTER_KEY
 * format), kept in DATA_DIR readable by the owner only. Outside the embedded default PII_MASTER_KEY
 * is required. Losing it makes every traveller's data unreadable, as erasing them would.
 */
export async function embeddedPiiMasterKey(dataDir: string): Promise<Buffer> {
  const text = await generatedSecret(dataDir, PII_MASTER_KEY_FILE, () => randomBytes(32).toString('base64'));
  const key = parseKey32(text);
  if (!key) throw new Error(`${dataDir}/${PII_MASTER_KEY_FILE} does not hold a 32-byte key (base64 or hex)`);
  return key;
}
