import type { StaffMember } from '@contrail/shared/staff/contracts';
import type { StaffRole } from '@contrail/shared/staff/roles';
import type { SqlClient } from '../storage/sql.js';
import type { StaffState } from './decider.js';

interface Row {
  staff_id: string;
  user_id: string | null;
  email: string;
  username: string | null;
  name: string;
  role: StaffRole;
  brands: string[];
  status: StaffMember['status'];
  invited_at: Date | string;
  invitation_expires_at: Date | string | null;
  revision: string | number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

const toMember = (row: Row): StaffMember => ({
  id: row.staff_id,
  email: row.email,
  username: row.username,
  name: row.name,
  role: row.role,
  brands: row.brands,
  status: row.status,
  invitedAt: iso(row.invited_at),
  invitationExpiresAt: row.status === 'invited' && row.invitation_expires_at ? iso(row.invitation_expires_at) : null,
});

export interface DirectoryEntry {
  member: StaffMember;
  userId: string | null;
}

/** What a member's stream says now, with the revision it was read at. */
export interface StaffSnapshot {
  staffId: string;
  state: Exclude<StaffState, { status: 'none' }>;
  revision: bigint;
  at: Date;
  /** Set on invitation only. */
  tokenHash?: string;
  username?: string;
  name?: string;
}

/**
 * The staff directory read model, written from each member's stream right after its events are
 * appended. A row only moves forward (by stream revision), so writing the same state twice, or an
 * older one late, changes nothing. The users table's admin flags follow the role, and a member
 * whose access ends has every session ended (the session version moves on).
 */
export class StaffDirectory {
  constructor(private readonly sql: SqlClient) {}

  async apply(snapshot: StaffSnapshot): Promise<void> {
    const { staffId, state, revision, at } = snapshot;
    await this.sql.transaction(async (tx) => {
      const { rowCount } = await tx.query(
        `INSERT INTO staff_members (staff_id, user_id, email, username, name, role, brands, status, invited_at,
           invitation_expires_at, invitation_token_hash, revision, updated_at)
         VALUES ($1, $2, $3, $4, COALESCE($5, ''), $6, $7, $8, $9, $10, $11, $12, $9)
         ON CONFLICT (staff_id) DO UPDATE SET user_id = EXCLUDED.user_id, role = EXCLUDED.role,
           brands = EXCLUDED.brands, status = EXCLUDED.status, revision = EXCLUDED.revision,
           username = COALESCE($4, staff_members.username), name = COALESCE($5, staff_members.name),
           invitation_expires_at = EXCLUDED.invitation_expires_at,
           invitation_token_hash = CASE WHEN EXCLUDED.status = 'invited' THEN staff_members.invitation_token_hash END,
           updated_at = $9
         WHERE staff_members.revision < EXCLUDED.revision`,
        [
          staffId,
          state.userId,
          state.email,
          snapshot.username ?? null,
          snapshot.name ?? null,
          state.role,
          state.brands,
          state.status,
          at,
          state.expiresAt,
          snapshot.tokenHash ?? null,
          revision.toString(),
        ],
      );
      if (rowCount === 0 || !state.userId) return;
      const active = state.status === 'active';
      await tx.query(
        `UPDATE users SET is_admin = $2, is_platform_admin = $3, updated_at = $4,
           session_version = session_version + (CASE WHEN $5::boolean THEN 1 ELSE 0 END)
         WHERE id = $1`,
        [state.userId, active, active && state.role === 'platform-admin', at, state.status === 'revoked'],
      );
    });
  }

  /** Every member, newest first; with `brands`, only those whose brands meet them. */
  async list(brands?: readonly string[]): Promise<StaffMember[]> {
    const { rows } = await this.sql.query<Row>(
      `SELECT * FROM staff_members WHERE $1::text[] IS NULL OR brands && $1::text[] ORDER BY invited_at DESC, staff_id`,
      [brands ? [...brands] : null],
    );
    return rows.map(toMember);
  }

  async get(staffId: string): Promise<DirectoryEntry | undefined> {
    const { rows } = await this.sql.query<Row>('SELECT * FROM staff_members WHERE staff_id = $1', [staffId]);
    return rows[0] && { member: toMember(rows[0]), userId: rows[0].user_id };
  }

  /** The open invitation with this token hash, if any. */
  async findInvitation(tokenHash: string): Promise<StaffMember | undefined> {
    const { rows } = await this.sql.query<Row>(
      `SELECT * FROM staff_members WHERE invitation_token_hash = $1 AND status = 'invited'`,
      [tokenHash],
    );
    return rows[0] && toMember(rows[0]);
  }
}
