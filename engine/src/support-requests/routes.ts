import {
  SUPPORT_REQUEST_KINDS,
  supportRequestInputSchema,
  type SupportRequestList,
  type SupportRequestReceipt,
} from '@contrail/shared';
import { Router } from 'express';
import { z } from 'zod';
import type { RateLimitStoreFactory } from '../accounts/rate-limits.js';
import { allow } from '../accounts/guards.js';
import { scopedBrand } from '../accounts/staff-scope.js';
import type { Clock } from '../clock.js';
import { parseInput } from '../http/errors.js';
import type { SqlExecutor } from '../storage/sql.js';
import { supportRateLimit } from './rate-limit.js';
import { SupportRequestStore } from './store.js';

export interface SupportDeps {
  sql: SqlExecutor;
  clock: Clock;
  rateLimitStore?: RateLimitStoreFactory | undefined;
}

const LIST_LIMIT_MAX = 200;

const listQuerySchema = z.object({
  kind: z.enum(SUPPORT_REQUEST_KINDS, { error: 'kind must be one of contact, support or subscribe' }).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(LIST_LIMIT_MAX, `limit must be at most ${LIST_LIMIT_MAX}`)
    .default(50),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must be at least 0')
    .default(0),
  /** Platform admins only: another brand's key, or "all". */
  brand: z.string().trim().toLowerCase().optional(),
});

/**
 * POST /api/support-requests (contact, support and subscribe forms; anyone, rate limited; the
 * accounts middleware has already refused cross-site posts) and GET /api/admin/support-requests.
 */
export function supportRoutes(deps: SupportDeps): Router {
  const store = new SupportRequestStore(deps.sql);
  const router = Router();

  router.post('/support-requests', supportRateLimit(deps.rateLimitStore), async (req, res) => {
    const input = parseInput(supportRequestInputSchema, req.body);
    const record = await store.record(req.brandKey!, input, req.user?.id, deps.clock.now());
    const receipt: SupportRequestReceipt = { id: record.id, kind: record.kind, createdAt: record.createdAt };
    res.status(201).json(receipt);
  });

  router.get('/admin/support-requests', allow('support-requests.view'), async (req, res) => {
    const query = parseInput(listQuerySchema, req.query);
    const brandKey = scopedBrand(req, 'support-requests.view', query.brand ?? req.brandKey!) ?? req.brandKey!;
    const list: SupportRequestList = await store.list({
      brandKey,
      kind: query.kind,
      limit: query.limit,
      offset: query.offset,
    });
    res.json(list);
  });

  return router;
}
