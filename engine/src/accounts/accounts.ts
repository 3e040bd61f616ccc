import type { RegisterInput } from '@contrail/shared';
import type { Clock } from '../clock.js';
import type { SqlExecutor } from '../storage/sql.js';
import { scryptHasher, type PasswordHasher } from './passwords.js';
import { UserStore, type User } from './users.js';

/** Registration, sign-in and password changes: the account rules, over the user store. */
export class Accounts {
  readonly users: UserStore;

  constructor(
    sql: SqlExecutor,
    private readonly passwords: PasswordHasher,
    private readonly clock: Clock,
  ) {
    this.users = new UserStore(sql);
  }

  /** Throws DuplicateUserError when the username or email is taken on this brand. */
  async register(
    brandKey: string,
    input: RegisterInput,
    roles: { isAdmin?: boolean; isPlatformAdmin?: boolean } = {},
  ): Promise<User> {
    const passwordHash = await this.passwords.hash(input.password);
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

export function createAccounts(deps: { sql: SqlExecutor; clock: Clock; passwordHasher?: PasswordHasher }): Accounts {
  return new Accounts(deps.sql, deps.passwordHasher ?? scryptHasher(), deps.clock);
}
