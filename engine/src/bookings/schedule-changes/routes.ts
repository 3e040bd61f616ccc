import type { ScheduleChangeList } from '@contrail/shared/booking/schedule-change';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { allow, requireUser } from '../../accounts/guards.js';
import { HttpError, parseInput } from '../../http/errors.js';
import type { BookingDeps } from '../deps.js';
import { bookingErrors } from '../http/errors.js';
import { adminSees, bookingIdOf, contextOf } from '../http/request-context.js';
import { ownBooking } from '../manage/cancellation-quote.js';
import { acceptChange, declineChange } from './answer-change.js';
import { ScheduleChangeReadModel } from './queries.js';
import { receiveDuffelWebhook } from './webhook-receiver.js';

export const changeIdOf = (req: Request) => {
  const changeId = String(req.params.changeId ?? '');
  if (!/^[\w-]{1,100}$/.test(changeId)) throw new HttpError(404, 'Schedule change not found', 'NOT_FOUND');
  return changeId;
};

/**
 * Airline schedule changes (issue #36): Duffel's webhook (signed, no session), the traveller's
 * changes and answers (accept, or cancel with a full refund), and support's queue of the changes
 * nobody has answered yet.
 */
export function scheduleChangeRoutes(deps: BookingDeps): Router {
  const router = Router();
  const readModel = new ScheduleChangeReadModel(deps.sql);

  router.post('/duffel/webhooks', async (req, res) => {
    const rawBody = (req as { rawBody?: Buffer }).rawBody;
    const answer = await receiveDuffelWebhook(deps, rawBody, req.get('x-duffel-signature'));
    res.status(answer.status).json(answer.body);
  });

  router.get('/schedule-changes', requireUser, async (req, res) => {
    res.json({ changes: await readModel.ofCustomer(req.user!.id) } satisfies ScheduleChangeList);
  });

  router.post('/bookings/:id/schedule-changes/:changeId/accept', requireUser, async (req, res) => {
    const state = await ownBooking(deps, bookingIdOf(req), req.user!.id);
    await acceptChange(deps, state, changeIdOf(req), { requestedBy: req.user!.id }, contextOf(req));
    res.json({ success: true, message: 'You accepted the new times.' });
  });

  router.post('/bookings/:id/schedule-changes/:changeId/cancel', requireUser, async (req, res) => {
    const state = await ownBooking(deps, bookingIdOf(req), req.user!.id);
    const answer = await declineChange(deps, state, changeIdOf(req), { requestedBy: req.user!.id }, contextOf(req));
    res.status(answer.status).json(answer.body);
  });

  router.get('/admin/schedule-changes', allow('bookings.view'), async (req, res) => {
    const pending = await readModel.pending();
    const changes = pending
      .filter((change) => adminSees(req, 'bookings.view', change.brandKey))
      .map(({ brandKey: _brand, ...change }) => change);
    res.json({ changes } satisfies ScheduleChangeList);
  });

  router.use(bookingErrors);
  return router;
}

/** The mounted Duffel sandbox's control that moves an order's flights (its `airlineChanges`), as the engine uses it. */
export interface AirlineChangeControl {
  simulate(
    orderId: string,
    options: { minutes: number; deliveries: number },
  ): Promise<{ change: { id: string }; deliveries: number[] }>;
}

const simulateSchema = z.object({
  bookingId: z.string().min(1).max(100),
  minutes: z
    .number()
    .int()
    .min(-7 * 24 * 60)
    .max(7 * 24 * 60)
    .refine((minutes) => minutes !== 0, 'Move by some minutes')
    .default(95),
  deliveries: z.number().int().min(0).max(5).default(1),
});

/**
 * POST /api/admin/sandbox/schedule-change (platform admins, test mode, the Duffel sandbox mounted):
 * the airline moves a booking's flights, and the sandbox sends Duffel's webhook `deliveries` times.
 */
export function sandboxScheduleChangeRoutes(
  deps: BookingDeps,
  sandbox: AirlineChangeControl,
  isLive: () => Promise<boolean>,
): Router {
  const router = Router();
  router.post('/admin/sandbox/schedule-change', allow('settings.change-mode'), async (req, res) => {
    const input = parseInput(simulateSchema, req.body);
    if (await isLive()) throw new HttpError(409, 'The sandbox is off in live mode', 'LIVE_MODE');
    const { rows } = await deps.sql.query<{ order_id: string | null }>(
      'SELECT order_id FROM booking_views WHERE booking_id = $1',
      [input.bookingId],
    );
    const orderId = rows[0]?.order_id;
    if (!orderId) throw new HttpError(404, 'No booked order for this booking', 'NOT_FOUND');
    const { change, deliveries } = await sandbox.simulate(orderId, input).catch((error: unknown) => {
      // The sandbox refuses in Duffel's words (a cancelled order...): a 4xx of ours, never a 500.
      const status = (error as { status?: unknown }).status;
      if (typeof status === 'number' && status >= 400 && status < 500)
        throw new HttpError(409, (error as Error).message, 'NOT_CHANGEABLE');
      throw error;
    });
    res.status(201).json({ changeId: change.id, deliveries });
  });
  router.use(bookingErrors);
  return router;
}
