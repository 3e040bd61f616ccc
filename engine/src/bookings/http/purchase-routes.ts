import { Router, type Request } from 'express';
import { requireUser } from '../../accounts/guards.js';
import type { BookingDeps } from '../deps.js';
import { extraOptions, purchaseChange, purchaseExtras, searchChangeOffers, seatOptions } from '../manage/purchases.js';
import { finishPurchaseAuthentication } from '../manage/purchase-authentication.js';
import { bookingIdOf, contextOf, originOf } from './request-context.js';

/** Changes and extras after booking (issue 36): the booking's owner only (anyone else: 404). */
export function purchaseRoutes(deps: BookingDeps): Router {
  const router = Router();
  router.post('/bookings/:id/changes/search', requireUser, async (req, res) => {
    res.json(await searchChangeOffers(deps, bookingIdOf(req), req.user!.id, req.body));
  });
  router.post('/bookings/:id/changes', requireUser, async (req, res) => {
    const answer = await purchaseChange(deps, bookingIdOf(req), req.user!.id, req.body, callOf(req));
    res.status(answer.status).json(answer.body);
  });
  router.get('/bookings/:id/extras', requireUser, async (req, res) => {
    res.json(await extraOptions(deps, bookingIdOf(req), req.user!.id));
  });
  router.get('/bookings/:id/seats', requireUser, async (req, res) => {
    res.json(await seatOptions(deps, bookingIdOf(req), req.user!.id));
  });
  router.post('/bookings/:id/extras', requireUser, async (req, res) => {
    const answer = await purchaseExtras(deps, bookingIdOf(req), req.user!.id, req.body, callOf(req));
    res.status(answer.status).json(answer.body);
  });
  // Back from the bank's 3-D Secure check (POST .../changes or .../extras answered AUTHENTICATION_REQUIRED).
  router.post('/bookings/:id/purchases/:purchaseId/authentication', requireUser, async (req, res) => {
    const answer = await finishPurchaseAuthentication(deps, {
      bookingId: bookingIdOf(req),
      purchaseId: String(req.params.purchaseId).slice(0, 200),
      userId: req.user!.id,
      body: req.body,
      context: contextOf(req),
    });
    res.status(answer.status).json(answer.body);
  });
  return router;
}

const callOf = (req: Request) => ({ context: contextOf(req), origin: originOf(req) });
