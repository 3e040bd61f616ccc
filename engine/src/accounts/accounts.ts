import type { RegisterInput } from '@contrail/shared';
import type { Clock } from '../clock.js';
import type { SqlExecutor } from '../storage/sql.js';
import { generatedPasswordKey, passwordsWith, scryptHasher, type PasswordHasher, type Passwords } from './passwords.js';
import { UserStore, type User } from './users.js';

/** Registration, sign-in and password changes: the account rules, over the user store. */
export class Accounts {
  readonly users: UserStore;

  constructor(
    sql: SqlExecutor,
    private readonly passwords: Passwords,
    private readonly clock: Clock,
  ) {
    this.users = new UserStore(sql);
  }

  /**
   * Throws DuplicateUserError when the username or email is taken on this brand. `generated`: the
   * server made the password (≥ 120 random bits), so a fast keyed hash stores it until first sign-in.
   */
  async register(
    brandKey: string,
    input: RegisterInput,
    roles: { isAdmin?: boolean; isPlatformAdmin?: boolean } = {},
    password: 'chosen' | 'generated' = 'chosen',
  ): Promise<User> {
    const passwordHash =
      password === 'generated'
        ? await this.passwords.hashGenerated(input.password)
        : await this.passwords.hash(input.password);
    return this.users.create(
      {
        brandKey,
        username: input.username,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        ...roles,
      },
      this.clock.now(),
    );
  }

  /** The user when the password is right, else undefined; the work is the same for unknown users. */
  async authenticate(brandKey: string, username: string, password: string): Promise<User | undefined> {
    const user = await this.users.findForSignIn(brandKey, username);
    const valid = await this.passwords.verify(password, user?.passwordHash);
    if (!user || !valid) return undefined;
    if (this.passwords.needsRehash(user.passwordHash)) {
      return this.users.setPasswordHash(user.id, await this.passwords.hash(password), this.clock.now(), false);
    }
    return user;
  }

  /** The updated user (its other sessions ended), or undefined when the current password is wrong. */
  async changePassword(userId: string, currentPassword: string, newPassword: string): Promise<User | undefined> {
    const user = await this.users.findById(userId);
    if (!user || !(await this.passwords.verify(currentPassword, user.passwordHash))) return undefined;
    return this.users.setPasswordHash(user.id, await this.passwords.hash(newPassword), this.clock.now(), true);
  }
}

export function createAccounts(deps: {
  sql: SqlExecutor;
  clock: Clock;
  /** Keys the hash of generated passwords. */
  config: { sessionSecret?: string | undefined };
  passwordHasher?: PasswordHasher;
}): Accounts {
  const secret = deps.config.sessionSecret;
  if (!secret) throw new Error('A session secret is required (SESSION_SECRET, or the embedded default in DATA_DIR)');
  const passwords = passwordsWith(deps.passwordHasher ?? scryptHasher(), generatedPasswordKey(secret));
  return new Accounts(deps.sql, passwords, deps.clock);
}
