import type { SqlClient, SqlExecutor } from '../../storage/sql.js';

export interface TwoFactorRow {
  sealedSecret: string | null;
  enabledAt: Date | null;
  pendingSecret: string | null;
  pendingExpiresAt: Date | null;
}

interface Row {
  sealed_secret: string | null;
  enabled_at: Date | string | null;
  pending_secret: string | null;
  pending_expires_at: Date | string | null;
}

const date = (value: Date | string | null) => (value === null ? null : new Date(value));

/** The two_factor and two_factor_recovery_codes tables. Secrets arrive sealed, codes hashed. */
export class TwoFactorStore {
  constructor(private readonly sql: SqlClient) {}

  async find(userId: string): Promise<TwoFactorRow | undefined> {
    const { rows } = await this.sql.query<Row>(
      'SELECT sealed_secret, enabled_at, pending_secret, pending_expires_at FROM two_factor WHERE user_id = $1',
      [userId],
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      sealedSecret: row.sealed_secret,
      enabledAt: date(row.enabled_at),
      pendingSecret: row.pending_secret,
      pendingExpiresAt: date(row.pending_expires_at),
    };
  }

  async unusedRecoveryCodes(userId: string): Promise<number> {
    const { rows } = await this.sql.query<{ count: string | number }>(
      'SELECT count(*) AS count FROM two_factor_recovery_codes WHERE user_id = $1 AND used_at IS NULL',
      [userId],
    );
    return Number(rows[0]?.count ?? 0);
  }

  async savePending(userId: string, sealedSecret: string, expiresAt: Date): Promise<void> {
    await this.sql.query(
      `INSERT INTO two_factor (user_id, pending_secret, pending_expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET pending_secret = $2, pending_expires_at = $3`,
      [userId, sealedSecret, expiresAt],
    );
  }

  /** Makes the pending secret the one in use, unless another request enabled it first. */
  async enable(userId: string, sealedSecret: string, step: number, codeHashes: string[], now: Date): Promise<boolean> {
    return this.sql.transaction(async (tx) => {
      const { rowCount } = await tx.query(
        `UPDATE two_factor SET sealed_secret = $2, enabled_at = $3, last_step = $4,
           pending_secret = NULL, pending_expires_at = NULL
         WHERE user_id = $1 AND enabled_at IS NULL AND pending_secret IS NOT NULL`,
        [userId, sealedSecret, now, step],
      );
      if (rowCount !== 1) return false;
      await replaceCodes(tx, userId, codeHashes);
      return true;
    });
  }

  /** Records `step` as used; false when it (or a later one) was used already: a code works once. */
  async useStep(userId: string, step: number): Promise<boolean> {
    const { rowCount } = await this.sql.query(
      `UPDATE two_factor SET last_step = $2
       WHERE user_id = $1 AND enabled_at IS NOT NULL AND (last_step IS NULL OR last_step < $2)`,
      [userId, step],
    );
    return rowCount === 1;
  }

  /** Marks an unused recovery code used; false when there is none with this hash. */
  async useRecoveryCode(userId: string, codeHash: string, now: Date): Promise<boolean> {
    const { rowCount } = await this.sql.query(
      'UPDATE two_factor_recovery_codes SET used_at = $3 WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL',
      [userId, codeHash, now],
    );
    return rowCount === 1;
  }

  async replaceRecoveryCodes(userId: string, codeHashes: string[]): Promise<void> {
    await this.sql.transaction((tx) => replaceCodes(tx, userId, codeHashes));
  }

  async remove(userId: string): Promise<void> {
    await this.sql.transaction(async (tx) => {
      await tx.query('DELETE FROM two_factor_recovery_codes WHERE user_id = $1', [userId]);
      await tx.query('DELETE FROM two_factor WHERE user_id = $1', [userId]);
    });
  }

  /** Ends every session of the user (the session version is in each cookie). */
  async endSessions(userId: string): Promise<number> {
    const { rows } = await this.sql.query<{ session_version: number }>(
      'UPDATE users SET session_version = session_version + 1 WHERE id = $1 RETURNING session_version',
      [userId],
    );
    return rows[0]?.session_version ?? 0;
  }
}

async function replaceCodes(tx: SqlExecutor, userId: string, codeHashes: string[]): Promise<void> {
  await tx.query('DELETE FROM two_factor_recovery_codes WHERE user_id = $1', [userId]);
  for (const hash of codeHashes) {
    await tx.query('INSERT INTO two_factor_recovery_codes (code_hash, user_id) VALUES ($1, $2)', [hash, userId]);
  }
}
