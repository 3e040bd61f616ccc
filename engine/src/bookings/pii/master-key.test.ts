import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { embeddedPiiMasterKey, PII_MASTER_KEY_FILE } from './master-key.js';
import { temporaryDirectory } from '../../test-support/at-exit.js';

const mode = (file: string) => statSync(file).mode & 0o777;

describe('the embedded PII master key', () => {
  it('is 32 bytes kept in a 0600 file of a 0700 DATA_DIR, the same across restarts', async () => {
    const dataDir = path.join(temporaryDirectory('pii-key'), 'data');
    const key = await embeddedPiiMasterKey(dataDir);
    expect(key.length).toBe(32);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, PII_MASTER_KEY_FILE))).toBe(0o600);
    expect(readFileSync(path.join(dataDir, PII_MASTER_KEY_FILE), 'utf8')).toBe(key.toString('base64'));
    expect(await embeddedPiiMasterKey(dataDir)).toEqual(key);
    writeFileSync(path.join(dataDir, PII_MASTER_KEY_FILE), 'not a key of 32 bytes, but long enough');
    await expect(embeddedPiiMasterKey(dataDir)).rejects.toThrow(/does not hold a 32-byte key/);
  });
});
