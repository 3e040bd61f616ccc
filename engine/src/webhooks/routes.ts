import { reachesBrand, visibleBrands } from '@contrail/shared/staff/policy';
import { isPlatformWide, type StaffScope } from '@contrail/shared/staff/roles';
import {
  createWebhookEndpointSchema,
  updateWebhookEndpointSchema,
  type WebhookEndpoint,
} from '@contrail/shared/webhooks/webhooks';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { allow } from '../accounts/guards.js';
import { HttpError, parseInput, ValidationError } from '../http/errors.js';
import type { SqlExecutor } from '../storage/sql.js';
import { endpointUrlProblem } from './address-policy.js';
import { WebhookDeliveries } from './deliveries.js';
import { WebhookEndpoints } from './endpoints.js';

const idParams = z.object({ id: z.string().min(1).max(100) });
const deliveryParams = idParams.extend({ eventId: z.string().min(1).max(100) });

/** May this staff member manage an endpoint of `brand` (null: platform-wide, platform admins only)? */
function reaches(staff: StaffScope, brand: string | null): boolean {
  return brand === null ? isPlatformWide(staff.role) : reachesBrand(staff, brand);
}

/**
 * /api/admin/webhooks: a brand admin manages their brands' endpoints, a platform admin every
 * endpoint and the platform-wide ones. An endpoint out of reach answers 404, as an unknown one.
 */
export function webhookRoutes(deps: { sql: SqlExecutor; config: { webhooksAllowPrivate: boolean } }): Router {
  const router = Router();
  const endpoints = new WebhookEndpoints(deps.sql);
  const deliveries = new WebhookDeliveries(deps.sql);
  router.use(allow('webhooks.manage'));

  async function endpointOf(req: Request): Promise<WebhookEndpoint> {
    const { id } = parseInput(idParams, req.params);
    const endpoint = await endpoints.find(id);
    if (!endpoint || !reaches(req.user!.staff!, endpoint.brand))
      throw new HttpError(404, 'No such webhook endpoint', 'NOT_FOUND');
    return endpoint;
  }

  router.get('/', async (req, res) => {
    const brands = visibleBrands(req.user!.staff!);
    res.json({ endpoints: await endpoints.list(brands ? { all: false, brands } : { all: true }) });
  });

  router.post('/', async (req, res) => {
    const input = parseInput(createWebhookEndpointSchema, req.body);
    const problem = endpointUrlProblem(input.url, deps.config.webhooksAllowPrivate);
    if (problem) throw new ValidationError([{ path: 'url', message: problem }]);
    const brand = input.brand ?? null;
    if (!reaches(req.user!.staff!, brand))
      throw new HttpError(
        403,
        brand ? 'You can add endpoints for your own brands only' : 'Choose a brand',
        'FORBIDDEN',
      );
    const created = await endpoints.create({ ...input, brand, createdBy: req.user!.username });
    res.status(201).json(created);
  });

  router.patch('/:id', async (req, res) => {
    const endpoint = await endpointOf(req);
    const { enabled } = parseInput(updateWebhookEndpointSchema, req.body);
    res.json(await endpoints.setEnabled(endpoint.id, enabled));
  });

  router.post('/:id/rotate-secret', async (req, res) => {
    const endpoint = await endpointOf(req);
    res.json(await endpoints.rotateSecret(endpoint.id));
  });

  router.delete('/:id', async (req, res) => {
    const endpoint = await endpointOf(req);
    await endpoints.delete(endpoint.id);
    res.status(204).end();
  });

  router.get('/:id/deliveries', async (req, res) => {
    const endpoint = await endpointOf(req);
    res.json({ deliveries: await deliveries.log(endpoint.id) });
  });

  router.post('/:id/deliveries/:eventId/send-again', async (req, res) => {
    const endpoint = await endpointOf(req);
    const { eventId } = parseInput(deliveryParams, req.params);
    if (!(await deliveries.sendAgain(endpoint.id, eventId))) throw new HttpError(404, 'No such delivery', 'NOT_FOUND');
    res.status(202).json({ queued: true });
  });

  return router;
}
