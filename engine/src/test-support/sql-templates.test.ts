import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../storage/migrations.js';
import { migrations } from '../runtime/migrations.js';
import type { SqlClient } from '../storage/sql.js';
import { sqlBackends } from './sql.js';
import { migrationsKey, postgresSchemaScript } from './sql-templates.js';
import { scaled } from '@contrail/shared/test-support/time-scale';

/** Everything a migration can shape, in a stable order (schema names left out). */
async function shape(db: SqlClient) {
  const columns = await db.query(
    `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
      WHERE table_schema = current_schema() ORDER BY table_name, column_name`,
  );
  const indexes = await db.query(
    `SELECT tablename, indexname, replace(indexdef, current_schema() || '.', '') AS definition FROM pg_indexes
      WHERE schemaname = current_schema() ORDER BY tablename, indexname`,
  );
  const constraints = await db.query(
    `SELECT conrelid::regclass::text AS on_table, conname, pg_get_constraintdef(oid) AS definition FROM pg_constraint
      WHERE connamespace = current_schema()::regnamespace ORDER BY 1, 2`,
  );
  const functions = await db.query(
    `SELECT proname, pg_get_function_identity_arguments(oid) AS arguments FROM pg_proc
      WHERE pronamespace = current_schema()::regnamespace ORDER BY 1, 2`,
  );
  const applied = await db.query('SELECT id FROM schema_migrations ORDER BY id');
  return {
    columns: columns.rows,
    indexes: indexes.rows,
    constraints: constraints.rows,
    functions: functions.rows,
    applied: applied.rows,
  };
}

describe.each(sqlBackends())('the migrated template on $name', (backend) => {
  let copied: SqlClient;
  let migrated: SqlClient;

  beforeAll(async () => {
    copied = await backend.open();
    migrated = await backend.open({ migrate: false });
    await runMigrations(migrated, migrations);
  }, scaled(240_000)); // the slow way on purpose: an empty PGlite runs initdb
  afterAll(async () => {
    await copied?.close();
    await migrated?.close();
  });

  it('is the database that running every migration gives', async () => {
    expect(await shape(copied)).toEqual(await shape(migrated));
    expect((await shape(copied)).applied).toHaveLength(migrations.length);
  });

  it('has nothing left to migrate', async () => {
    expect(await runMigrations(copied, migrations)).toEqual([]);
  });
});

describe('the template key', () => {
  it('changes with any migration', () => {
    const changed = migrations.map((migration, index) =>
      index === 0 ? { ...migration, sql: `${migration.sql}\n` } : migration,
    );
    expect(migrationsKey(changed)).not.toBe(migrationsKey(migrations));
    expect(migrationsKey([...migrations])).toBe(migrationsKey(migrations));
  });

  it('refuses a schema name it cannot quote safely', () => {
    expect(() => postgresSchemaScript('x; DROP TABLE users')).toThrow(/unsafe schema name/);
  });
});
