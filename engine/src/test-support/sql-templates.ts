/**
 * Migrated databases in milliseconds. Every test file needs a fresh database with every
 * migration applied; running the migrations per file cost seconds (PGlite's initdb alone takes
 * several). Instead:
 * - PGlite: one migrated cluster is dumped once (`dumpDataDir`) to a file keyed by the
 *   migrations, shared by every worker and kept between runs; each file loads a copy.
 * - PostgreSQL: each file's schema gets every migration in one transaction and one round trip,
 *   ending in the same state as `runMigrations` (the same `schema_migrations` rows).
 * A new or changed migration changes the key, so no test ever sees a stale template.
 */
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { MIGRATIONS_TABLE_DDL, runMigrations, type Migration } from '../storage/migrations.js';
import { pgliteClient } from '../storage/pglite.js';
import { migrations } from '../runtime/migrations.js';
import { temporaryDirectory } from './at-exit.js';
import { sleep } from '@contrail/shared/time/sleep';

/** PGlite's own version: its data directory format may change with it. */
const pgliteVersion: string = JSON.parse(
  readFileSync(
    path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '../package.json'),
    'utf8',
  ),
).version;
/** Kept between runs, beside the checkout's other caches (not in a test run's own TMPDIR, which goes at its end). */
const templatesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../node_modules/.cache/contrail-test-templates',
);
/** A builder that died leaves its lock behind: after this long, another one takes over. */
const STALE_LOCK_MS = 120_000;

export function migrationsKey(list: readonly Migration[] = migrations): string {
  const hash = createHash('sha256').update(pgliteVersion);
  for (const migration of list) hash.update(`\0${migration.id}\0${migration.sql}`);
  return hash.digest('hex').slice(0, 16);
}

let snapshot: Promise<Blob> | undefined;

/** The migrated PGlite cluster as a `loadDataDir` snapshot (built once per key, across processes). */
export function pgliteSnapshot(): Promise<Blob> {
  snapshot ??= pgliteSnapshotFile().then(
    (file) => new Blob([readFileSync(file)]),
    (error: unknown) => {
      snapshot = undefined;
      throw error;
    },
  );
  return snapshot;
}

/** The snapshot's file, built first when no process has built it yet. */
export async function pgliteSnapshotFile(): Promise<string> {
  const key = migrationsKey();
  const file = path.join(templatesDir, `pglite-${key}.tar`);
  const lock = `${file}.lock`;
  mkdirSync(templatesDir, { recursive: true });
  const deadline = Date.now() + 2 * STALE_LOCK_MS;
  while (!existsSync(file)) {
    if (takeLock(lock)) {
      try {
        if (!existsSync(file)) await buildSnapshot(file, key);
      } finally {
        rmSync(lock, { force: true });
      }
    } else if (Date.now() > deadline) {
      throw new Error(`timed out waiting for another process to build ${file}`);
    } else {
      await sleep(100);
    }
  }
  return file;
}

function takeLock(lock: string): boolean {
  try {
    closeSync(openSync(lock, 'wx'));
    return true;
  } catch {
    if (Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs > STALE_LOCK_MS) rmSync(lock, { force: true });
    return false;
  }
}

async function buildSnapshot(file: string, key: string): Promise<void> {
  const db = await PGlite.create();
  try {
    // The same class, but the storefront's type check (Bundler resolution) reads PGlite's types from
    // another declaration file than the engine's declarations it reads pgliteClient from.
    await runMigrations(pgliteClient(db as unknown as Parameters<typeof pgliteClient>[0]), migrations);
    const dump = await db.dumpDataDir('none');
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await db.close();
  }
  // Snapshots of older migrations are dead weight.
  for (const name of readdirSync(templatesDir)) {
    if (name.startsWith('pglite-') && name.endsWith('.tar') && !name.includes(key)) {
      rmSync(path.join(templatesDir, name), { force: true });
    }
  }
}

/** One script that creates `schema` and leaves it exactly as `runMigrations` would. */
export function postgresSchemaScript(schema: string, list: readonly Migration[] = migrations): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`unsafe schema name ${schema}`);
  const recorded = list.map((migration) => `('${migration.id.replaceAll("'", "''")}')`).join(', ');
  return [
    'BEGIN',
    `CREATE SCHEMA ${schema}`,
    `SET LOCAL search_path TO ${schema}`,
    MIGRATIONS_TABLE_DDL,
    ...list.map((migration) => migration.sql.trim().replace(/;?$/, '')),
    ...(list.length > 0 ? [`INSERT INTO schema_migrations (id) VALUES ${recorded}`] : []),
    'COMMIT',
  ].join(';\n');
}

/**
 * A fresh DATA_DIR whose embedded database is already migrated (a copy of the template), so an
 * engine process started on it skips PGlite's initdb and the migrations: seconds on a busy machine.
 * Removed when the test process ends.
 */
export async function migratedDataDir(label: string): Promise<string> {
  const dataDir = temporaryDirectory(label);
  await copyMigratedTemplate(path.join(dataDir, 'pglite'));
  return dataDir;
}

/** Makes `pgliteDir` a migrated PGlite cluster on disk, copied from the template (no initdb, no migrations). */
export async function copyMigratedTemplate(pgliteDir: string): Promise<void> {
  const db = await PGlite.create({ dataDir: pgliteDir, loadDataDir: await pgliteSnapshot() });
  await db.close();
}
