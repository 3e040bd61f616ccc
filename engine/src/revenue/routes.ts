import { revenueQuerySchema, type RevenueReport } from '@contrail/shared/admin/revenue';
import { Router } from 'express';
import { allow } from '../accounts/guards.js';
import { parseInput } from '../http/errors.js';
import type { SqlExecutor } from '../storage/sql.js';
import { revenueScope } from './brand-scope.js';
import { RevenueReadModel } from './queries.js';
import { revenueReport } from './report.js';

/** GET /api/admin/revenue?from&to&brand&granularity: the agency's money, for admins of the brands it covers. */
export function revenueRoutes(deps: { sql: SqlExecutor }): Router {
  const router = Router();
  const readModel = new RevenueReadModel(deps.sql);
  router.get('/', allow('revenue.view'), async (req, res) => {
    const query = parseInput(revenueQuerySchema, req.query);
    const scope = revenueScope(req.user!.staff!, query.brand);
    const [days, ranked] = await Promise.all([
      readModel.days(query.from, query.to, scope),
      readModel.ranked(query.from, query.to, scope),
    ]);
    const brands = scope.all ? [...new Set(days.map((day) => day.brandKey))].sort() : scope.brands;
    const report: RevenueReport = revenueReport(query, brands, days, ranked);
    res.json(report);
  });
  return router;
}
