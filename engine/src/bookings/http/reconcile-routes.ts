import type { LastReconciliation, ReconciliationRun } from '@contrail/shared/admin/reconciliation';
import { Router } from 'express';
import { z } from 'zod';
import { allow } from '../../accounts/guards.js';
import { parseInput } from '../../http/errors.js';
import type { BookingDeps } from '../deps.js';
import { reconcile } from '../reconcile/reconciler.js';
import { latestReport, saveReport } from '../reconcile/reports.js';
import { contextOf } from './request-context.js';

const runSchema = z.object({
  /** Only look: list what would be repaired, change nothing. */
  dryRun: z.boolean().default(false),
  /** Compare what happened since then (default: 8 days). */
  since: z.iso.datetime({ offset: true }).optional(),
  /** Leave alone what changed in the last N seconds (default 120): the saga may still be at work on it. */
  settleSeconds: z.number().int().min(0).max(86_400).optional(),
});

/**
 * /api/admin/reconciliation (platform admins: it spans every brand and both providers): the last
 * report of the periodic run, or a run now.
 */
export function reconcileRoutes(deps: BookingDeps): Router {
  const router = Router();
  router.get('/reconciliation', allow('reconciliation.view'), async (_req, res) => {
    res.json({ report: await latestReport(deps.sql) } satisfies LastReconciliation);
  });
  router.post('/reconciliation', allow('reconciliation.repair'), async (req, res) => {
    const options = parseInput(runSchema, req.body ?? {});
    const report = await reconcile(deps, {
      repair: !options.dryRun,
      ...(options.since && { since: new Date(options.since).toISOString() }),
      ...(options.settleSeconds !== undefined && { settleMs: options.settleSeconds * 1_000 }),
      context: { ...contextOf(req), actor: `admin:${req.user!.id}` },
    });
    await saveReport(deps.sql, report);
    res.json({ report } satisfies ReconciliationRun);
  });
  return router;
}
