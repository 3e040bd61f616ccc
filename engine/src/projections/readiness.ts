import type { ReadinessCheck } from '../health/routes.js';
import type { Position } from '../eventstore/eventstore.js';
import type { ProjectionRunner } from './runner.js';

const show = (position: Position | undefined) => (position ? `${position.commit}/${position.prepare}` : 'start');

/**
 * /readyz: ready while every projection is caught up with the event store, or has been behind
 * for less than `maxLagMs` (a burst of writes is normal; a projection stuck behind is not).
 */
export function projectionReadiness(
  runner: ProjectionRunner,
  { maxLagMs = 30_000, now = () => Date.now() } = {},
): ReadinessCheck {
  const behindSince = new Map<string, number>();
  return {
    name: 'projections',
    async check() {
      const statuses = await runner.status();
      const detail: Record<string, string> = {};
      let ok = true;
      for (const status of statuses) {
        if (status.caughtUp) {
          behindSince.delete(status.name);
          detail[status.name] = 'caught up';
          continue;
        }
        const since = behindSince.get(status.name) ?? now();
        behindSince.set(status.name, since);
        const lagMs = now() - since;
        if (lagMs >= maxLagMs) ok = false;
        detail[status.name] =
          `behind for ${Math.round(lagMs / 1000)}s (at ${show(status.checkpoint)}, head ${show(status.head)})` +
          (status.lastError ? `: ${status.lastError}` : '');
      }
      return { ok, detail };
    },
  };
}
