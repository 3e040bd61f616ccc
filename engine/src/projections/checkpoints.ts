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

const toPosition = (commit: string, prepare: string): Position | undefined =>
  commit === '0' && prepare === '0' ? undefined : { commit: BigInt(commit), prepare: BigInt(prepare) };

/** Creates the checkpoints that do not exist yet, at the start, in one statement. */
export async function ensureCheckpoints(db: SqlExecutor, names: readonly string[]): Promise<void> {
  await db.query(
    `INSERT INTO projection_checkpoints (name, commit_position, prepare_position)
     SELECT name, 0, 0 FROM unnest($1::text[]) AS name ON CONFLICT (name) DO NOTHING`,
    [names],
  );
}

/** Each named checkpoint (undefined: before the first event), in one statement. */
export async function readCheckpoints(
  db: SqlExecutor,
  names: readonly string[],
): Promise<Map<string, Position | undefined>> {
  const { rows } = await db.query<{ name: string; commit: string; prepare: string }>(
    `SELECT name, commit_position::text AS commit, prepare_position::text AS prepare
     FROM projection_checkpoints WHERE name = ANY($1::text[])`,
    [names],
  );
  return new Map(rows.map((row) => [row.name, toPosition(row.commit, row.prepare)]));
}

/**
 * Moves the named checkpoints forward to `to`, in one statement that locks them (in name order, so
 * concurrent callers cannot deadlock) until the transaction ends. Answers where each checkpoint
 * that moved was before (undefined: the start); a checkpoint already at or past `to` stays and is
 * left out of the answer, so its caller has nothing of this batch to apply.
 */
export async function moveCheckpoints(
  db: SqlExecutor,
  names: readonly string[],
  to: Position,
): Promise<Map<string, Position | undefined>> {
  // FOR UPDATE reads each row's latest committed version (after waiting for a concurrent mover),
  // so `previous` is what this transaction's writes follow, never a stale snapshot.
  const { rows } = await db.query<{ name: string; commit: string; prepare: string }>(
    `WITH previous AS (
       SELECT name, commit_position, prepare_position FROM projection_checkpoints
       WHERE name = ANY($1::text[]) ORDER BY name FOR UPDATE)
     UPDATE projection_checkpoints AS checkpoint
     SET commit_position = $2::int8, prepare_position = $3::int8, updated_at = now()
     FROM previous
     WHERE checkpoint.name = previous.name
       AND (previous.commit_position, previous.prepare_position) < ($2::int8, $3::int8)
     RETURNING checkpoint.name, previous.commit_position::text AS commit, previous.prepare_position::text AS prepare`,
    [names, String(to.commit), String(to.prepare)],
  );
  return new Map(rows.map((row) => [row.name, toPosition(row.commit, row.prepare)]));
}
