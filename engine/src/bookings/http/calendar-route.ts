import { Router } from 'express';
import { requireUser } from '../../accounts/guards.js';
import { HttpError } from '../../http/errors.js';
import { tripCalendar } from '../calendar/trip-calendar.js';
import type { BookingDeps } from '../deps.js';
import { presentFromStream } from '../read-model/present.js';
import { adminSees, bookingIdOf } from './request-context.js';

/** Issue 36: GET /api/bookings/:id/calendar.ics, every flight of a traveller's trip for their calendar. */
export function calendarRoute(deps: BookingDeps): Router {
  const router = Router();
  router.get('/bookings/:id/calendar.ics', requireUser, async (req, res) => {
    const found = await presentFromStream(deps, bookingIdOf(req));
    const booking = found?.state.booking;
    const mine = booking && (booking.customerId === req.user!.id || adminSees(req, 'bookings.view', booking.brandKey));
    if (!found || !booking || !mine || found.view.status === 'failed')
      throw new HttpError(404, 'Booking not found', 'NOT_FOUND');
    const brand = await deps.brands.find(booking.brandKey);
    const { reference } = found.view;
    const text = tripCalendar({
      bookingId: booking.bookingId,
      reference,
      brandName: brand?.name ?? booking.brandKey,
      slices: booking.itinerary?.slices ?? [],
    });
    res
      .type('text/calendar; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="trip-${reference ?? booking.bookingId}.ics"`)
      .send(text);
  });
  return router;
}
