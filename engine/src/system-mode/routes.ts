import { Router } from 'express';
import { systemModeOf, type SystemModeStore } from './store.js';
import type { Clock } from '../clock.js';
import type { EventStore } from '../eventstore/eventstore.js';

export interface SystemRoutesDeps {
  eventStore: EventStore;
  clock: Clock;
  systemMode?: SystemModeStore;
}

/** `GET /api/system/mode`: `{ isLiveMode, mode }` from the audited `system-mode` stream (test until switched). */
export function systemRoutes(deps: SystemRoutesDeps): Router {
  const router = Router();
  router.get('/mode', async (_req, res) => {
    const mode = await systemModeOf(deps).current();
    res.set('Cache-Control', 'no-store').json({ isLiveMode: mode === 'live', mode });
  });
  return router;
}
