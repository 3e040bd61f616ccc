import type { SystemModeView } from '@contrail/shared/admin/settings';
import { Router } from 'express';
import type { SystemModeStore } from './store.js';

export interface SystemRoutesDeps {
  systemMode: SystemModeStore;
}

/** `GET /api/system/mode`: `{ isLiveMode, mode }` from the audited `system-mode` stream (test until switched). */
export function systemRoutes(deps: SystemRoutesDeps): Router {
  const router = Router();
  router.get('/mode', async (_req, res) => {
    const mode = await deps.systemMode.current();
    res.set('Cache-Control', 'no-store').json({ isLiveMode: mode === 'live', mode } satisfies SystemModeView);
  });
  return router;
}
