import { randomUUID } from 'node:crypto';
import type { StaffRole, StaffScope } from '@contrail/shared/staff/roles';
import type { SqlExecutor } from '../storage/sql.js';

export interface User {
  id: string;
  brandKey: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  /** Administers its brand. */
  isAdmin: boolean;
  /** Administers every brand, and may sign in on any of them. */
  isPlatformAdmin: boolean;
  sessionVersion: number;
  createdAt: Date;
  /** The staff role it holds now, if any (none once revoked). */
  staff?: StaffScope;
}

export interface NewUser {
  brandKey: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  isAdmin?: boolean;
  isPlatformAdmin?: boolean;
}

/** Which unique field a new user collided with. */
export class DuplicateUserError extends Error {
  constructor(readonly field: 'username' | 'email') {
    super(`A user with this ${field} already exists`);
    this.name = 'DuplicateUserError';
  }
}

interface UserRow {
  id: string;
  brand_key: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  is_admin: boolean;
  is_platform_admin: boolean;
  session_version: number;
  created_at: Date | string;
  /** From the staff directory: undefined when the query did not join it, null when not staff. */
  staff_status?: string | null;
  staff_role?: StaffRole | null;
  staff_brands?: string[] | null;
}

/**
 * The staff scope of a user row: the directory's when the user is in it (active, or nothing);
 * else the admin flags of an account that predates staff accounts (enrolled at start-up).
 */
function staffOf(row: UserRow): StaffScope | undefined {
  if (row.staff_status) {
    return row.staff_status === 'active' && row.staff_role
      ? { role: row.staff_role, brands: row.staff_brands ?? [] }
      : undefined;
  }
  if (row.is_platform_admin) return { role: 'platform-admin', brands: [] };
  if (row.is_admin) return { role: 'brand-admin', brands: [row.brand_key] };
  return undefined;
}

/** Users with their staff directory entry, for every lookup. */
const USERS = `(SELECT users.*, s.status AS staff_status, s.role AS staff_role, s.brands AS staff_brands
  FROM users LEFT JOIN staff_members s ON s.user_id = users.id) AS users`;

const toUser = (row: UserRow): User => ({
  id: row.id,
  brandKey: row.brand_key,
  username: row.username,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  passwordHash: row.password_hash,
  isAdmin: row.is_admin,
  isPlatformAdmin: row.is_platform_admin,
  sessionVersion: row.session_version,
  createdAt: new Date(row.created_at),
  ...optional('staff', staffOf(row)),
});

const optional = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };

const UNIQUE_VIOLATION = '23505';

function duplicateField(error: unknown): 'username' | 'email' | undefined {
  const { code, constraint, message } = error as { code?: string; constraint?: string; message?: string };
  if (code !== UNIQUE_VIOLATION) return undefined;
  const name = constraint ?? message ?? '';
  return name.includes('email') ? 'email' : 'username';
}

/** The users table. Lookups by username and email ignore case. */
export class UserStore {
  constructor(private readonly sql: SqlExecutor) {}

  async create(user: NewUser, now: Date): Promise<User> {
    try {
      const { rows } = await this.sql.query<UserRow>(
        `INSERT INTO users (id, brand_key, username, email, first_name, last_name, password_hash,
           is_admin, is_platform_admin, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) RETURNING *`,
        [
          randomUUID(),
          user.brandKey,
          user.username,
          user.email,
          user.firstName,
          user.lastName,
          user.passwordHash,
          user.isAdmin ?? false,
          user.isPlatformAdmin ?? false,
          now,
        ],
      );
      return toUser(rows[0]!);
    } catch (error) {
      const field = duplicateField(error);
      if (field) throw new DuplicateUserError(field);
      throw error;
    }
  }

  async findById(id: string): Promise<User | undefined> {
    const { rows } = await this.sql.query<UserRow>(`SELECT * FROM ${USERS} WHERE id = $1`, [id]);
    return rows[0] && toUser(rows[0]);
  }

  /** The brand's own user first; else a platform admin of that name, who may sign in anywhere. */
  async findForSignIn(brandKey: string, username: string): Promise<User | undefined> {
    const { rows } = await this.sql.query<UserRow>(
      `SELECT * FROM ${USERS} WHERE lower(username) = lower($2)
         AND (brand_key = $1 OR is_platform_admin OR (staff_status = 'active' AND $1 = ANY (staff_brands)))
       ORDER BY (brand_key = $1) DESC, created_at LIMIT 1`,
      [brandKey, username],
    );
    return rows[0] && toUser(rows[0]);
  }

  async findByUsername(brandKey: string, username: string): Promise<User | undefined> {
    const { rows } = await this.sql.query<UserRow>(
      `SELECT * FROM ${USERS} WHERE brand_key = $1 AND lower(username) = lower($2)`,
      [brandKey, username],
    );
    return rows[0] && toUser(rows[0]);
  }

  async findByEmail(brandKey: string, email: string): Promise<User | undefined> {
    const { rows } = await this.sql.query<UserRow>(
      `SELECT * FROM ${USERS} WHERE brand_key = $1 AND lower(email) = lower($2)`,
      [brandKey, email],
    );
    return rows[0] && toUser(rows[0]);
  }

  async countPlatformAdmins(): Promise<number> {
    const { rows } = await this.sql.query<{ count: number }>(
      'SELECT count(*)::int8 AS count FROM users WHERE is_platform_admin',
    );
    return rows[0]!.count;
  }

  /** Sets a new hash; with `endOtherSessions`, every session made before stops working. */
  async setPasswordHash(id: string, passwordHash: string, now: Date, endOtherSessions: boolean): Promise<User> {
    const { rows } = await this.sql.query<UserRow>(
      `UPDATE users SET password_hash = $2, updated_at = $3,
         session_version = session_version + (CASE WHEN $4::boolean THEN 1 ELSE 0 END)
       WHERE id = $1 RETURNING *`,
      [id, passwordHash, now, endOtherSessions],
    );
    return toUser(rows[0]!);
  }

  async makePlatformAdmin(id: string, now: Date): Promise<void> {
    await this.sql.query('UPDATE users SET is_admin = true, is_platform_admin = true, updated_at = $2 WHERE id = $1', [
      id,
      now,
    ]);
  }

  /** Every user flagged admin (before staff accounts, or made at start-up), to enrol as staff. */
  async listFlaggedAdmins(): Promise<User[]> {
    const { rows } = await this.sql.query<UserRow>(
      `SELECT * FROM ${USERS} WHERE (is_admin OR is_platform_admin) AND staff_status IS NULL ORDER BY created_at`,
    );
    return rows.map(toUser);
  }

  /** Right to erasure: the row goes, and with it every session (they load the user on each request). */
  async erase(id: string): Promise<void> {
    await this.sql.query('DELETE FROM users WHERE id = $1', [id]);
  }
}
