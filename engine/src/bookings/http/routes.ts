import { Router } from 'express';
import type { BookingView, GuestBooking, GuestBookingAdded } from '@contrail/shared/booking/view';
import type { CancellationQuote } from '@contrail/shared/booking/refund';
import { bookingLookupSchema, type BookingLookupResult } from '@contrail/shared/content/forms';
import { requireUser } from '../../accounts/guards.js';
import { signIn } from '../../accounts/session.js';
import { HttpError, parseInput } from '../../http/errors.js';
import { finishCardAuthentication } from '../checkout/card-authentication.js';
import { CardPayments } from '../checkout/process-card.js';
import { emailHash } from '../checkout/contacts.js';
import { BookingService } from '../checkout/create-booking.js';
import type { BookingDeps } from '../deps.js';
import { requestCancellation } from '../manage/cancel-booking.js';
import { confirmGuestBooking, GUEST_BOOKING_ADDED, guestBookingView } from '../manage/guest-bookings.js';
import { quoteCancellation } from '../manage/cancellation-quote.js';
import { purchaseRoutes } from './purchase-routes.js';
import { presentFromStream, presentRow } from '../read-model/present.js';
import { BookingReadModel } from '../read-model/queries.js';
import { adminBookingRoutes } from './admin-routes.js';
import { holdRoutes } from '../hold/hold-routes.js';
import { supportDeskRoutes } from '../../support-desk/routes.js';
import { bookingErrors } from './errors.js';
import { calendarRoute } from './calendar-route.js';
import { shareRoutes } from '../sharing/share-routes.js';
import { reconcileRoutes } from './reconcile-routes.js';
import { adminSees, bookingIdOf, brandOf, contextOf, correlationOf, originOf } from './request-context.js';

/** The booking API: process-card, bookings (create, list, one, cancel, lookup) and the admin support views. */
export function bookingRoutes(deps: BookingDeps): Router {
  const router = Router();
  const bookings = new BookingService(deps);
  const cards = new CardPayments(deps);
  const readModel = new BookingReadModel(deps.sql);

  router.use(holdRoutes(deps));

  router.post('/payments/process-card', deps.cardAttempts.reserve, async (req, res) => {
    const answer = await cards.process({
      brandKey: brandOf(req),
      body: req.body,
      idempotencyKey: req.get('Idempotency-Key'),
      correlationId: correlationOf(req),
      actor: req.user?.id ?? 'anonymous',
      origin: originOf(req),
    });
    await deps.cardAttempts.charge(req, answer.status);
    res.status(answer.status).json(answer.body);
  });

  // Back from the bank's 3-D Secure challenge (process-card answered AUTHENTICATION_REQUIRED).
  router.post('/payments/:paymentId/authentication', async (req, res) => {
    const answer = await finishCardAuthentication(deps, {
      paymentId: req.params.paymentId,
      brandKey: brandOf(req),
      context: contextOf(req),
    });
    res.status(answer.status).json(answer.body);
  });

  router.post('/bookings', async (req, res) => {
    const answer = await bookings.create({
      brandKey: brandOf(req),
      user: req.user,
      idempotencyKey: req.get('Idempotency-Key'),
      body: req.body,
      correlationId: correlationOf(req),
    });
    if (answer.signIn && !req.user) signIn(req, answer.signIn, deps.clock);
    res.status(answer.status).json(answer.body);
  });

  router.get('/bookings', requireUser, async (req, res) => {
    const rows = await readModel.forCustomer(req.user!.id);
    const views: BookingView[] = await Promise.all(rows.map((row) => presentRow(deps, row)));
    res.json(views);
  });

  // Support page: the status of a booking for whoever knows both its reference and its email. Nothing else.
  router.get('/bookings/lookup', async (req, res) => {
    // The shared form rule (issue 20 item 1): 5 to 8 letters and digits, any case.
    const { reference, email } = parseInput(bookingLookupSchema, req.query);
    const [found] = await readModel.search({
      brandKey: brandOf(req),
      reference,
      emailHash: emailHash(email),
      limit: 1,
    });
    if (!found || found.status === 'failed')
      throw new HttpError(404, 'No booking matches this reference and email', 'NOT_FOUND');
    res.json({
      reference: found.reference ?? reference.toUpperCase(),
      status: found.status,
    } satisfies BookingLookupResult);
  });

  // Guest bookings made with the signed-in traveller's email: theirs to add to My Trips, not yet listed there.
  router.get('/bookings/guest', requireUser, async (req, res) => {
    const user = req.user!;
    const rows = await readModel.guestBookingsFor(user.brandKey, emailHash(user.email));
    const views: GuestBooking[] = await Promise.all(
      rows.map(async (row) => guestBookingView(await presentRow(deps, row))),
    );
    res.json(views);
  });

  router.post('/bookings/:id/confirm', requireUser, async (req, res) => {
    const view = await confirmGuestBooking(deps, bookingIdOf(req), req.user!, contextOf(req));
    res.json({ success: true, message: GUEST_BOOKING_ADDED, booking: view } satisfies GuestBookingAdded);
  });

  router.get('/bookings/:id', requireUser, async (req, res) => {
    const found = await presentFromStream(deps, bookingIdOf(req));
    const booking = found?.state.booking;
    if (
      !found ||
      !booking ||
      (booking.customerId !== req.user!.id && !adminSees(req, 'bookings.view', booking.brandKey))
    ) {
      throw new HttpError(404, 'Booking not found', 'NOT_FOUND');
    }
    res.json(found.view satisfies BookingView);
  });

  router.post('/bookings/:id/cancel', requireUser, async (req, res) => {
    const answer = await requestCancellation(deps, bookingIdOf(req), req.user!.id, req.body, contextOf(req));
    res.status(answer.status).json(answer.body);
  });

  router.post('/bookings/:id/cancellation-quote', requireUser, async (req, res) => {
    const quote: CancellationQuote = await quoteCancellation(deps, bookingIdOf(req), req.user!.id, contextOf(req));
    res.json(quote);
  });

  router.use(calendarRoute(deps));
  router.use(shareRoutes(deps));
  router.use(purchaseRoutes(deps));
  router.use('/admin', adminBookingRoutes(deps), supportDeskRoutes(deps), reconcileRoutes(deps));
  router.use(bookingErrors);
  return router;
}
