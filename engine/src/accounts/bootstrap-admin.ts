import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { DEFAULT_BRAND_KEY } from '@contrail/shared';
import type { Config } from '../config.js';
import type { Logger } from '../logging/logger.js';
import { writePrivateFile } from '../storage/data-dir.js';
import type { Accounts } from './accounts.js';

export const INITIAL_ADMIN_PASSWORD_FILE = 'initial-admin-password';
const EMBEDDED_ADMIN_USERNAME = 'admin';

export type AdminBootstrap =
  | { outcome: 'created'; username: string; passwordFile?: string }
  | { outcome: 'promoted' | 'existing' | 'none'; username?: string };

/**
 * The first admin, at start-up. With ADMIN_USERNAME/ADMIN_PASSWORD: that platform admin is
 * created on the default brand, or an existing account of that name is made one (its password
 * left alone). In the embedded default with neither set, and no platform admin yet, an "admin"
 * is created with a random password written to DATA_DIR/initial-admin-password (never to the log).
 * Otherwise there is no admin, and no default password anywhere.
 */
export async function bootstrapAdmin(accounts: Accounts, config: Config, logger: Logger): Promise<AdminBootstrap> {
  const now = new Date();
  if (config.admin) {
    const { username, password } = config.admin;
    const existing = await accounts.users.findByUsername(DEFAULT_BRAND_KEY, username);
    if (existing?.isPlatformAdmin) return { outcome: 'existing', username };
    if (existing) {
      await accounts.users.makePlatformAdmin(existing.id, now);
      logger.info({ username }, 'made the existing account from ADMIN_USERNAME a platform admin');
      return { outcome: 'promoted', username };
    }
    await createAdmin(accounts, username, password, 'chosen');
    logger.info({ username }, 'created the platform admin from ADMIN_USERNAME');
    return { outcome: 'created', username };
  }
  if (!config.embedded) {
    if ((await accounts.users.countPlatformAdmins()) === 0) {
      logger.warn('no admin account: set ADMIN_USERNAME and ADMIN_PASSWORD to create one');
    }
    return { outcome: 'none' };
  }
  if ((await accounts.users.countPlatformAdmins()) > 0) return { outcome: 'existing' };
  const password = randomBytes(18).toString('base64url');
  const passwordFile = path.join(config.dataDir, INITIAL_ADMIN_PASSWORD_FILE);
  await writePrivateFile(passwordFile, `${password}\n`);
  await createAdmin(accounts, EMBEDDED_ADMIN_USERNAME, password, 'generated');
  logger.warn(
    { username: EMBEDDED_ADMIN_USERNAME, passwordFile },
    'created a platform admin with a generated password: read it from the file, sign in, change it, delete the file',
  );
  return { outcome: 'created', username: EMBEDDED_ADMIN_USERNAME, passwordFile };
}

async function createAdmin(
  accounts: Accounts,
  username: string,
  password: string,
  kind: 'chosen' | 'generated',
): Promise<void> {
  await accounts.register(
    DEFAULT_BRAND_KEY,
    { username, password, email: `${username.toLowerCase()}@admin.contrail.invalid`, firstName: 'Admin', lastName: '' },
    { isAdmin: true, isPlatformAdmin: true },
    kind,
  );
}
