import { can } from '@contrail/shared/staff/policy';
import { saveEmailAlertsSchema, type EmailAlertSettings } from '@contrail/shared/webhooks/email-alerts';
import { Router } from 'express';
import { allow } from '../accounts/guards.js';
import type { SignedInUser } from '../accounts/session.js';
import { HttpError, parseInput } from '../http/errors.js';
import type { SqlExecutor } from '../storage/sql.js';
import { EmailAlerts } from './email-alerts.js';

/**
 * /api/admin/email-alerts: the signed-in staff member's own email alerts. Any role that sees a
 * brand's bookings may have that brand's events emailed to them (`bookings.view`, asked again
 * whenever an alert is sent).
 */
export function emailAlertRoutes(deps: { sql: SqlExecutor }): Router {
  const router = Router();
  const alerts = new EmailAlerts(deps.sql);
  router.use(allow('bookings.view'));

  async function settingsOf(user: SignedInUser): Promise<EmailAlertSettings> {
    const subscription = await alerts.subscription(user.id);
    return { email: user.email, brand: subscription?.brand ?? null, events: subscription?.events ?? [] };
  }

  router.get('/', async (req, res) => {
    res.json(await settingsOf(req.user!));
  });

  router.put('/', async (req, res) => {
    const input = parseInput(saveEmailAlertsSchema, req.body);
    if (input.brand !== null && !can(req.user!.staff, 'bookings.view', input.brand))
      throw new HttpError(403, 'You can choose alerts for your own brands only', 'FORBIDDEN');
    await alerts.subscribe(req.user!.id, input);
    res.json(await settingsOf(req.user!));
  });

  return router;
}
