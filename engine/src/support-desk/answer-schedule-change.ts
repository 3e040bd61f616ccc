import type { CancelResponse } from '@contrail/shared/booking/refund';
import { reasonRequestSchema } from '@contrail/shared/support-desk/contracts';
import { staffScheduleChangeLabels } from '@contrail/shared/support-desk/schedule-change-answer';
import { Router } from 'express';
import { allow } from '../accounts/guards.js';
import type { BookingDeps } from '../bookings/deps.js';
import { contextOf } from '../bookings/http/request-context.js';
import { acceptChange, declineChange } from '../bookings/schedule-changes/answer-change.js';
import { changeIdOf } from '../bookings/schedule-changes/routes.js';
import { parseInput } from '../http/errors.js';
import { servicedBooking, staffActing } from './act-for-traveller.js';

/**
 * /api/admin (issue #36): support answers an airline schedule change for the traveller, with a
 * reason. The answer is the traveller's own (same checks, same airline call, same cancel saga and
 * emails); its event names the staff member and the reason.
 */
export function answerScheduleChangeRoutes(deps: BookingDeps): Router {
  const router = Router();

  router.post('/bookings/:id/schedule-changes/:changeId/accept', allow('bookings.service'), async (req, res) => {
    const { reason } = parseInput(reasonRequestSchema, req.body);
    const { state } = await servicedBooking(deps, req, 'bookings.service');
    const staff = staffActing(req, reason);
    await acceptChange(deps, state, changeIdOf(req), { requestedBy: staff.userId, staff }, contextOf(req));
    res.json({ success: true, message: staffScheduleChangeLabels.accepted });
  });

  router.post('/bookings/:id/schedule-changes/:changeId/cancel', allow('bookings.service'), async (req, res) => {
    const { reason } = parseInput(reasonRequestSchema, req.body);
    const { state } = await servicedBooking(deps, req, 'bookings.service');
    const staff = staffActing(req, reason);
    const by = { requestedBy: staff.userId, staff };
    const answer = await declineChange(deps, state, changeIdOf(req), by, contextOf(req));
    res.status(answer.status).json(answer.body satisfies CancelResponse);
  });

  return router;
}
