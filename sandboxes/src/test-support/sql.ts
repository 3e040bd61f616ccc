import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sandboxMigrations } from '../migrations.js';
import type { SqlQuery } from '../sql.js';

export interface TestDatabase extends SqlQuery {
  close(): Promise<void>;
}

export interface SqlBackend {
  name: 'pglite' | 'postgres';
  /** A fresh database with the sandboxes' migrations applied; closing it throws it away. */
  open(): Promise<TestDatabase>;
}

const schemaScript = sandboxMigrations.map((migration) => migration.sql).join(';\n');

const pglite: SqlBackend = {
  name: 'pglite',
  async open() {
    const db = new PGlite();
    await db.exec(schemaScript);
    return {
      query: async (text, params) => {
        const result = await db.query<never>(text, params as unknown[] | undefined);
        return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
      },
      close: () => db.close(),
    };
  },
};

function postgres(url: string): SqlBackend {
  return {
    name: 'postgres',
    async open() {
      const schema = `sandboxes_test_${randomBytes(6).toString('hex')}`;
      const pool = new pg.Pool({ connectionString: url, max: 4, options: `-c search_path=${schema}` });
      await pool.query(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}; ${schemaScript}`);
      return {
        query: async (text, params) => {
          const result = await pool.query(text, params as unknown[] | undefined);
          return { rows: result.rows, rowCount: result.rowCount ?? 0 };
        },
        async close() {
          await pool.query(`DROP SCHEMA ${schema} CASCADE`);
          await pool.end();
        },
      };
    },
  };
}

/** PGlite always; the machine's PostgreSQL too when DATABASE_URL is set (always in CI). */
export function sqlBackends(): SqlBackend[] {
  const url = process.env.DATABASE_URL;
  if (!url && process.env.CI === 'true') throw new Error('DATABASE_URL is not set, but CI=true');
  return url ? [pglite, postgres(url)] : [pglite];
}
