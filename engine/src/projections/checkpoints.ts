import type { Position } from '../eventstore/eventstore.js';
import type { SqlExecutor } from '../storage/sql.js';

const START: Position = { commit: 0n, prepare: 0n };

export async function ensureCheckpoint(db: SqlExecutor, name: string): Promise<void> {
  await db.query(
    'INSERT INTO projection_checkpoints (name, commit_position, prepare_position) VALUES ($1, 0, 0) ON CONFLICT (name) DO NOTHING',
    [name],
  );
}

async function selectCheckpoint(db: SqlExecutor, name: string, lock: boolean): Promise<Position | undefined> {
  const { rows } = await db.query<{ commit: string; prepare: string }>(
    `SELECT commit_position::text AS commit, prepare_position::text AS prepare FROM projection_checkpoints WHERE name = $1${lock ? ' FOR UPDATE' : ''}`,
    [name],
  );
  const row = rows[0];
  if (!row) return undefined;
  const position = { commit: BigInt(row.commit), prepare: BigInt(row.prepare) };
  return position.commit === 0n && position.prepare === 0n ? undefined : position;
}

/** The last applied position; undefined before the first event. */
export const readCheckpoint = (db: SqlExecutor, name: string) => selectCheckpoint(db, name, false);

/** Same, locking the row: concurrent runners of one projection take turns. */
export const lockCheckpoint = (db: SqlExecutor, name: string) => selectCheckpoint(db, name, true);

export async function saveCheckpoint(db: SqlExecutor, name: string, position: Position | undefined): Promise<void> {
  const { commit, prepare } = position ?? START;
  await db.query(
    'UPDATE projection_checkpoints SET commit_position = $2::int8, prepare_position = $3::int8, updated_at = now() WHERE name = $1',
    [name, String(commit), String(prepare)],
  );
}

/** Moves the checkpoint forward only: several instances may run the same processor. */
export async function advanceCheckpoint(db: SqlExecutor, name: string, position: Position): Promise<void> {
  await db.query(
    `UPDATE projection_checkpoints SET commit_position = $2::int8, prepare_position = $3::int8, updated_at = now()
     WHERE name = $1 AND (commit_position, prepare_position) < ($2::int8, $3::int8)`,
    [name, String(position.commit), String(position.prepare)],
  );
}

/** Creates the checkpoint at `position` (the head) if it does not exist yet. */
export async function ensureCheckpointAt(db: SqlExecutor, name: string, position: Position | undefined): Promise<void> {
  const { commit, prepare } = position ?? START;
  await db.query(
    'INSERT INTO projection_checkpoints (name, commit_position, prepare_position) VALUES ($1, $2::int8, $3::int8) ON CONFLICT (name) DO NOTHING',
    [name, String(commit), String(prepare)],
  );
}
