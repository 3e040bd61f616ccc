import { generatedSecret } from '../storage/data-dir.js';

export const SESSION_SECRET_FILE = 'session-secret';

/**
 * The embedded default's session secret: made once, kept in DATA_DIR (readable by the owner
 * only), so sessions survive restarts. Outside the embedded default SESSION_SECRET is required.
 */
export function embeddedSessionSecret(dataDir: string): Promise<string> {
  return generatedSecret(dataDir, SESSION_SECRET_FILE);
}
