import type { ProjectionList, ProjectionState, ProjectionView } from '@contrail/shared/admin/operations';
import { Router } from 'express';
import { allow } from '../accounts/guards.js';
import type { Clock } from '../clock.js';
import { comparePositions, type EventStore, type Position } from '../eventstore/eventstore.js';
import { HttpError } from '../http/errors.js';
import type { ProjectionRunner, ProjectionStatus } from '../projections/runner.js';

/** Events behind are counted up to this many; past it the answer says "at least". */
export const LAG_COUNT_LIMIT = 1000;

interface Rebuild {
  startedAt: string;
  finishedAt: string | null;
  /** The first event's position and the head when the rebuild began: progress runs between them. */
  from: Position | undefined;
  target: Position | undefined;
}

export interface ProjectionRoutesDeps {
  projections: ProjectionRunner;
  eventStore: EventStore;
  clock: Clock;
}

const show = (position: Position | undefined) => (position ? `${position.commit}/${position.prepare}` : null);
const reached = (checkpoint: Position | undefined, target: Position | undefined) =>
  !target || (checkpoint !== undefined && comparePositions(checkpoint, target) >= 0);

/** Share of the replay done, by the global order's prepare positions (an estimate: the bar's fill). */
function progressOf(rebuild: Rebuild, checkpoint: Position | undefined): number {
  if (rebuild.finishedAt || reached(checkpoint, rebuild.target)) return 1;
  if (!checkpoint || !rebuild.from || !rebuild.target) return 0;
  const span = Number(rebuild.target.prepare - rebuild.from.prepare);
  const done = Number(checkpoint.prepare - rebuild.from.prepare);
  return span <= 0 ? 0 : Math.min(0.99, Math.max(0, done / span));
}

async function lagOf(eventStore: EventStore, status: ProjectionStatus): Promise<{ lag: number; lagCapped: boolean }> {
  if (status.caughtUp || !status.head) return { lag: 0, lagCapped: false };
  const after = status.checkpoint;
  const events = await eventStore.readAll({ ...(after && { after }), maxCount: LAG_COUNT_LIMIT + 1 });
  const behind = events.filter((event) => comparePositions(event.position, status.head!) <= 0).length;
  return { lag: Math.min(behind, LAG_COUNT_LIMIT), lagCapped: behind > LAG_COUNT_LIMIT };
}

/**
 * /api/admin/projections: each read model's checkpoint, lag and state, and a rebuild from the
 * first event. A rebuild answers at once (202); its progress is read by polling GET .../:name.
 * Platform admins only: a rebuild empties a read model every brand reads.
 */
export function projectionRoutes(deps: ProjectionRoutesDeps): Router {
  const router = Router();
  const rebuilds = new Map<string, Rebuild>();
  router.use(allow('projections.manage'));

  async function viewOf(status: ProjectionStatus): Promise<ProjectionView> {
    const rebuild = rebuilds.get(status.name);
    if (rebuild && !rebuild.finishedAt && reached(status.checkpoint, rebuild.target)) {
      rebuild.finishedAt = deps.clock.now().toISOString();
    }
    const rebuilding = rebuild !== undefined && rebuild.finishedAt === null;
    const state: ProjectionState = status.lastError
      ? 'failing'
      : rebuilding
        ? 'rebuilding'
        : status.caughtUp
          ? 'caught up'
          : 'behind';
    return {
      name: status.name,
      state,
      checkpoint: show(status.checkpoint),
      head: show(status.head),
      ...(await lagOf(deps.eventStore, status)),
      lastError: status.lastError ?? null,
      rebuild: rebuild
        ? {
            startedAt: rebuild.startedAt,
            finishedAt: rebuild.finishedAt,
            progress: progressOf(rebuild, status.checkpoint),
          }
        : null,
    };
  }

  async function statusOf(name: string): Promise<ProjectionStatus> {
    // Split work (PARTITIONS) names each partition's checkpoint `name#i/K`: the read model is
    // found by its own name, shown by its first partition (the list shows every partition).
    const status = (await deps.projections.status()).find(
      (candidate) => candidate.name === name || candidate.name.startsWith(`${name}#`),
    );
    if (!status) throw new HttpError(404, `No projection named ${name}`, 'NOT_FOUND');
    return status;
  }

  router.get('/', async (_req, res) => {
    const statuses = await deps.projections.status();
    res.json({ projections: await Promise.all(statuses.map(viewOf)) } satisfies ProjectionList);
  });

  router.get('/:name', async (req, res) => {
    res.json(await viewOf(await statusOf(req.params.name!)));
  });

  router.post('/:name/rebuild', async (req, res) => {
    const name = req.params.name!;
    await viewOf(await statusOf(name)); // marks a rebuild that has reached its target as finished
    const [first] = await deps.eventStore.readAll({ maxCount: 1 });
    const target = await deps.eventStore.headPosition();
    // Checked and claimed with no await in between: two requests cannot both start one.
    if (rebuilds.get(name)?.finishedAt === null) {
      throw new HttpError(409, `A rebuild of ${name} is already running`, 'REBUILD_RUNNING');
    }
    const rebuild: Rebuild = {
      startedAt: deps.clock.now().toISOString(),
      finishedAt: null,
      from: first?.position,
      target,
    };
    rebuilds.set(name, rebuild);
    try {
      await deps.projections.rebuild(name);
    } catch (error) {
      rebuilds.delete(name);
      throw error;
    }
    res.status(202).json(await viewOf(await statusOf(name)));
  });

  return router;
}
