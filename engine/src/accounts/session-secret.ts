import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const SESSION_SECRET_FILE = 'session-secret';

/**
 * The embedded default's session secret: made once, kept in DATA_DIR (readable by the owner
 * only), so sessions survive restarts. Outside the embedded default SESSION_SECRET is required.
 */
export async function embeddedSessionSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, SESSION_SECRET_FILE);
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = (await readFile(file, 'utf8')).trim();
  if (secret.length < 32) throw new Error(`${file} holds a session secret shorter than 32 characters`);
  return secret;
}
