import { setTimeout as sleep } from 'node:timers/promises';
import { comparePositions, type Position } from '../eventstore/eventstore.js';
import type { SqlExecutor } from '../storage/sql.js';
import { readCheckpoints } from './checkpoints.js';

const STEP_MS = 20;

/**
 * Read-your-writes for an answer: waits until the named read models have taken in the event at
 * `position` (whichever process's runner applies it), at most `maxWaitMs`. So a traveller who has
 * just changed a booking finds the change in the next list they load. Answers whether they had;
 * when not, the answer goes out anyway (the list catches up a moment later).
 */
export async function untilApplied(
  sql: SqlExecutor,
  names: readonly string[],
  position: Position | undefined,
  maxWaitMs: number,
): Promise<boolean> {
  if (!position) return true;
  const deadline = Date.now() + maxWaitMs;
  for (;;) {
    const checkpoints = await readCheckpoints(sql, names);
    const applied = names.every((name) => {
      const checkpoint = checkpoints.get(name);
      return checkpoint !== undefined && comparePositions(checkpoint, position) >= 0;
    });
    if (applied || Date.now() + STEP_MS > deadline) return applied;
    await sleep(STEP_MS);
  }
}
