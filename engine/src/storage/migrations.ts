import type { SqlClient } from './sql.js';

export interface Migration {
  /** Sortable and unique, e.g. "001_event_store". Never renamed once released. */
  id: string;
  sql: string;
}

/** Where applied migrations are recorded (also created by the tests' one-round-trip schema copy). */
export const MIGRATIONS_TABLE_DDL =
  'CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())';

/** Serialises migrations across engine instances starting at once (an arbitrary fixed key). */
const MIGRATION_LOCK_KEY = 727_274_501;

/** Applies, in order and each in its own transaction, every migration not yet applied. */
export async function runMigrations(db: SqlClient, migrations: readonly Migration[]): Promise<string[]> {
  const ids = migrations.map((migration) => migration.id);
  if (new Set(ids).size !== ids.length) throw new Error('Duplicate migration id');
  await db.query(MIGRATIONS_TABLE_DDL);
  const applied: string[] = [];
  for (const migration of migrations) {
    const didApply = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE id = $1', [migration.id]);
      if (done.rowCount > 0) return false;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
      return true;
    });
    if (didApply) applied.push(migration.id);
  }
  return applied;
}

/**
 * Splits a migration into statements for drivers that take one per call. Statements end with
 * a semicolon at the end of a line; dollar-quoted bodies (functions) are kept whole.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let inDollarQuote = false;
  for (const line of sql.split('\n')) {
    current += `${line}\n`;
    const dollarQuotes = line.match(/\$\$/g)?.length ?? 0;
    if (dollarQuotes % 2 === 1) inDollarQuote = !inDollarQuote;
    if (!inDollarQuote && /;\s*$/.test(line)) {
      statements.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}
