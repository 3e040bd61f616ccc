import { Router } from 'express';
import { requireUser } from '../../accounts/guards.js';
import type { BookingDeps } from '../deps.js';
import { bookingIdOf, brandOf, contextOf, originOf } from '../http/request-context.js';
import { finishHoldAuthentication } from './finish-hold-authentication.js';
import { payHold } from './pay-hold-request.js';
import { startHold } from './start-hold.js';

/**
 * Hold now, pay later (issue 36): hold an offer's price, pay the held trip from My Trips (through
 * the bank's 3-D Secure check when the card asks for it). Travellers only, signed in.
 */
export function holdRoutes(deps: BookingDeps): Router {
  const router = Router();

  router.post('/bookings/hold', requireUser, async (req, res) => {
    const answer = await startHold(deps, {
      brandKey: brandOf(req),
      userId: req.user!.id,
      body: req.body,
      idempotencyKey: req.get('Idempotency-Key'),
      context: contextOf(req),
    });
    res.status(answer.status).json(answer.body);
  });

  router.post('/bookings/:id/pay', requireUser, deps.cardAttempts.reserve, async (req, res) => {
    const answer = await payHold(deps, {
      bookingId: bookingIdOf(req),
      userId: req.user!.id,
      body: req.body,
      context: contextOf(req),
      origin: originOf(req),
    });
    await deps.cardAttempts.charge(req, answer.status);
    res.status(answer.status).json(answer.body);
  });

  // Back from the bank's 3-D Secure check on Pay Now (POST /bookings/:id/pay answered AUTHENTICATION_REQUIRED).
  router.post('/bookings/:id/pay/authentication', requireUser, async (req, res) => {
    const answer = await finishHoldAuthentication(deps, {
      bookingId: bookingIdOf(req),
      userId: req.user!.id,
      body: req.body,
      context: contextOf(req),
    });
    res.status(answer.status).json(answer.body);
  });

  return router;
}
