import { randomBytes } from 'node:crypto';
import { openPglite } from '../storage/pglite.js';
import { openPostgres } from '../storage/postgres.js';
import type { SqlClient } from '../storage/sql.js';
import { serviceUrl } from './services.js';
import { pgliteSnapshot, postgresSchemaScript } from './sql-templates.js';

export interface SqlBackend {
  name: 'pglite' | 'postgres';
  /**
   * A fresh database with every migration applied (copied from a migrated template, see
   * sql-templates.ts); `migrate: false` gives an empty one. Closing it throws it away.
   */
  open(options?: { migrate?: boolean }): Promise<SqlClient>;
}

const pglite: SqlBackend = {
  name: 'pglite',
  async open({ migrate = true } = {}) {
    return migrate ? openPglite(undefined, await pgliteSnapshot()) : openPglite();
  },
};

function postgres(url: string): SqlBackend {
  return {
    name: 'postgres',
    async open({ migrate = true } = {}) {
      const schema = `test_${randomBytes(6).toString('hex')}`;
      const admin = openPostgres({ url, maxConnections: 1 });
      try {
        await admin.query(migrate ? postgresSchemaScript(schema) : `CREATE SCHEMA ${schema}`);
      } finally {
        await admin.close();
      }
      const db = openPostgres({ url, schema, maxConnections: 20 });
      return {
        ...db,
        async close() {
          await db.close();
          const cleanup = openPostgres({ url, maxConnections: 1 });
          await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
          await cleanup.close();
        },
      };
    },
  };
}

/** PGlite always; the machine's PostgreSQL too when DATABASE_URL is set (always in CI). */
export function sqlBackends(): SqlBackend[] {
  const url = serviceUrl('DATABASE_URL');
  return url ? [pglite, postgres(url)] : [pglite];
}
