import type { CancellationQuote, CancelResponse } from '@contrail/shared/booking/refund';
import {
  resendConfirmationRequestSchema,
  staffCancelRequestSchema,
  staffQuoteRequestSchema,
  type BookingMoney,
  type ResendConfirmationAnswer,
} from '@contrail/shared/support-desk/acting';
import type { StaffAction } from '@contrail/shared/staff/policy';
import { Router, type Request } from 'express';
import { allow } from '../accounts/guards.js';
import type { BookingDeps } from '../bookings/deps.js';
import type { StaffActing } from '../bookings/domain/events.js';
import { adminSees, bookingIdOf, contextOf } from '../bookings/http/request-context.js';
import { cancelAndWait } from '../bookings/manage/cancel-booking.js';
import { quoteCancellationOf } from '../bookings/manage/cancellation-quote.js';
import { presentFromStream } from '../bookings/read-model/present.js';
import { HttpError, parseInput } from '../http/errors.js';
import { bookingMoneyOf } from './booking-money.js';
import { appendDeskWork, deskActorOf } from './desk.js';

/** The booking, when this member of staff may take `action` on its brand; otherwise it "does not exist". */
export async function servicedBooking(deps: BookingDeps, req: Request, action: StaffAction) {
  const found = await presentFromStream(deps, bookingIdOf(req));
  if (!found || !adminSees(req, action, found.state.booking.brandKey))
    throw new HttpError(404, 'Booking not found', 'NOT_FOUND');
  return found;
}

export const staffActing = (req: Request, reason: string): StaffActing => {
  const { userId, username } = deskActorOf(req);
  return { userId, username, reason };
};

/** Only a booking whose confirmation was sent can have it sent again. */
const RESENDABLE = new Set(['confirmed', 'completed']);

/**
 * /api/admin (issue #31): support acts for the traveller. The cancellation is the traveller's own
 * (same quote, same rules, same saga), its events naming the staff member and the reason; a resend
 * is a desk event the saga turns into one more email through the outbox.
 */
export function actForTravellerRoutes(deps: BookingDeps): Router {
  const router = Router();

  router.get('/bookings/:id/money', allow('bookings.view'), async (req, res) => {
    const found = await servicedBooking(deps, req, 'bookings.view');
    res.json(bookingMoneyOf(found) satisfies BookingMoney);
  });

  router.post('/bookings/:id/cancellation-quote', allow('bookings.service'), async (req, res) => {
    const { reason } = parseInput(staffQuoteRequestSchema, req.body);
    const { state } = await servicedBooking(deps, req, 'bookings.service');
    const quote = await quoteCancellationOf(deps, state, contextOf(req), staffActing(req, reason));
    res.json(quote satisfies CancellationQuote);
  });

  router.post('/bookings/:id/cancel', allow('bookings.service'), async (req, res) => {
    const { quoteId, reason } = parseInput(staffCancelRequestSchema, req.body);
    const { state } = await servicedBooking(deps, req, 'bookings.service');
    const staff = staffActing(req, reason);
    const answer = await cancelAndWait(
      deps,
      state.booking.bookingId,
      { requestedBy: staff.userId, quoteId, staff },
      contextOf(req),
    );
    res.status(answer.status).json(answer.body satisfies CancelResponse);
  });

  router.post('/bookings/:id/resend-confirmation', allow('bookings.service'), async (req, res) => {
    const { requestId, reason } = parseInput(resendConfirmationRequestSchema, req.body);
    const { state, view } = await servicedBooking(deps, req, 'bookings.service');
    if (!RESENDABLE.has(state.phase))
      throw new HttpError(409, `A ${view.status} booking has no confirmation to send again`, 'NOT_CONFIRMED');
    const { bookingId, brandKey } = state.booking;
    const command = { type: 'ResendConfirmation', by: deskActorOf(req), brandKey, reason, requestId } as const;
    const queued = (await appendDeskWork(deps, bookingId, command, contextOf(req))) > 0;
    res.status(queued ? 202 : 200).json({
      bookingId,
      requestId,
      queued,
      message: queued
        ? 'The confirmation email will be sent again'
        : 'This request was already recorded: no second email is sent',
    } satisfies ResendConfirmationAnswer);
  });

  return router;
}
