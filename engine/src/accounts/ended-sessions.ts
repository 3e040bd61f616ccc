import type { SqlExecutor } from '../storage/sql.js';

/** Sessions ended by logging out, kept until they would have expired. */
export class EndedSessions {
  constructor(private readonly sql: SqlExecutor) {}

  async end(nonce: string, expiresAt: Date, now: Date): Promise<void> {
    await this.sql.query('DELETE FROM ended_sessions WHERE expires_at <= $1', [now]);
    await this.sql.query(
      'INSERT INTO ended_sessions (nonce, expires_at) VALUES ($1, $2) ON CONFLICT (nonce) DO NOTHING',
      [nonce, expiresAt],
    );
  }

  async has(nonce: string): Promise<boolean> {
    const { rowCount } = await this.sql.query('SELECT 1 FROM ended_sessions WHERE nonce = $1', [nonce]);
    return rowCount > 0;
  }
}
