import { randomUUID } from 'node:crypto';
import { BOOKING_STATUSES } from '@contrail/shared/booking/status';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { requireAdmin, requireUser } from '../accounts/guards.js';
import { signIn } from '../accounts/session.js';
import type { EventContext } from '../eventstore/metadata.js';
import { HttpError, parseInput } from '../http/errors.js';
import { handleBookingCommands } from './booking-stream.js';
import { requestCancellation } from './cancel-booking.js';
import { emailHash, forgetContact } from './contacts.js';
import { BookingService } from './create-booking.js';
import type { BookingDeps } from './deps.js';
import { EmailOutbox } from './email/outbox.js';
import { bookingHistory } from './history.js';
import { processCard } from './process-card.js';
import { presentFromStream, presentRow } from './read-model/present.js';
import { BookingReadModel } from './read-model/queries.js';

const brandOf = (req: Request) => req.brandKey ?? 'default';
const correlationOf = (req: Request) => (typeof req.id === 'string' ? req.id : randomUUID());
const contextOf = (req: Request): EventContext => ({
  correlationId: correlationOf(req),
  actor: req.user?.id ?? 'anonymous',
  brand: brandOf(req),
});

const lookupSchema = z.object({
  reference: z.string().trim().min(1, 'Booking reference is required').max(20),
  email: z.string().trim().email('Please enter a valid email address').max(254),
});

const adminSearchSchema = z.object({
  reference: z.string().trim().max(20).optional(),
  email: z.string().trim().max(254).optional(),
  status: z.enum([...BOOKING_STATUSES, 'failed']).optional(),
  brand: z.string().trim().max(253).optional(),
  from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

const bookingIdOf = (req: Request) => {
  const id = String(req.params.id ?? '');
  if (!/^[\w-]{1,100}$/.test(id)) throw new HttpError(404, 'Booking not found', 'NOT_FOUND');
  return id;
};

/** May this admin see bookings of this brand? A brand admin sees their brand, a platform admin all. */
const adminSees = (req: Request, brandKey: string) =>
  !!req.user?.isPlatformAdmin || (!!req.user?.isAdmin && req.user.brandKey === brandKey);

/** The booking API: process-card, bookings (create, list, one, cancel, lookup) and the admin support views. */
export function bookingRoutes(deps: BookingDeps): Router {
  const router = Router();
  const service = new BookingService(deps);
  const readModel = new BookingReadModel(deps.sql);
  const outbox = new EmailOutbox(deps.sql);

  router.post('/payments/process-card', async (req, res) => {
    const answer = await processCard(deps, {
      brandKey: brandOf(req),
      body: req.body,
      idempotencyKey: req.get('Idempotency-Key'),
      correlationId: correlationOf(req),
      actor: req.user?.id ?? 'anonymous',
    });
    res.status(answer.status).json(answer.body);
  });

  router.post('/bookings', async (req, res) => {
    const answer = await service.create({
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
    res.json(await Promise.all(rows.map((row) => presentRow(deps, row))));
  });

  // Support page: the status of a booking for whoever knows both its reference and its email. Nothing else.
  router.get('/bookings/lookup', async (req, res) => {
    const { reference, email } = parseInput(lookupSchema, req.query);
    const [found] = await readModel.search({
      brandKey: brandOf(req),
      reference,
      emailHash: emailHash(email),
      limit: 1,
    });
    if (!found || found.status === 'failed')
      throw new HttpError(404, 'No booking matches this reference and email', 'NOT_FOUND');
    res.json({ reference: found.reference, status: found.status });
  });

  router.get('/bookings/:id', requireUser, async (req, res) => {
    const found = await presentFromStream(deps, bookingIdOf(req));
    const booking = found?.state.booking;
    if (!found || !booking || (booking.customerId !== req.user!.id && !adminSees(req, booking.brandKey))) {
      throw new HttpError(404, 'Booking not found', 'NOT_FOUND');
    }
    res.json(found.view);
  });

  router.post('/bookings/:id/cancel', requireUser, async (req, res) => {
    const answer = await requestCancellation(deps, bookingIdOf(req), req.user!.id, contextOf(req));
    res.status(answer.status).json(answer.body);
  });

  router.get('/admin/bookings', requireAdmin, async (req, res) => {
    const filter = parseInput(adminSearchSchema, req.query);
    const brandKey = req.user!.isPlatformAdmin ? filter.brand : req.user!.brandKey;
    const rows = await readModel.search({
      ...(brandKey && { brandKey }),
      ...(filter.reference && { reference: filter.reference }),
      ...(filter.email && { emailHash: emailHash(filter.email) }),
      ...(filter.status && { status: filter.status }),
      ...(filter.from && { from: filter.from }),
      ...(filter.to && { to: filter.to }),
      ...(filter.limit && { limit: filter.limit }),
    });
    res.json(
      await Promise.all(
        rows.map(async (row) => ({
          ...(await presentRow(deps, row)),
          brandKey: row.brandKey,
          customerId: row.customerId,
          offerId: row.state.booking?.offerId ?? null,
          paymentId: row.state.payment?.paymentId ?? null,
          paymentStatus: row.state.payment?.status ?? null,
          failure: row.state.failure,
        })),
      ),
    );
  });

  router.get('/admin/bookings/:id/history', requireAdmin, async (req, res) => {
    const bookingId = bookingIdOf(req);
    const found = await presentFromStream(deps, bookingId);
    if (!found || !adminSees(req, found.state.booking!.brandKey))
      throw new HttpError(404, 'Booking not found', 'NOT_FOUND');
    const reveal = req.query.reveal === 'true';
    res.json({
      bookingId,
      revealed: reveal,
      events: await bookingHistory(deps.eventStore, deps.vault, bookingId, reveal),
    });
  });

  // Right to erasure: the travellers' data keys are destroyed; the events stay, unreadable.
  router.post('/admin/bookings/:id/erase-passengers', requireAdmin, async (req, res) => {
    const bookingId = bookingIdOf(req);
    const found = await presentFromStream(deps, bookingId);
    if (!found || !adminSees(req, found.state.booking!.brandKey))
      throw new HttpError(404, 'Booking not found', 'NOT_FOUND');
    await handleBookingCommands(
      deps.eventStore,
      bookingId,
      { type: 'ErasePassengerData', data: { at: deps.clock.now().toISOString() } },
      {
        context: contextOf(req),
        clock: deps.clock,
        retriesOnConflict: 5,
      },
    );
    const erased = await deps.vault.erase(bookingId);
    await deps.piiKeys.eraseBooking(bookingId);
    await forgetContact(deps.sql, bookingId);
    res.json({ success: true, erasedKeys: erased });
  });

  router.get('/admin/outbox', requireAdmin, async (req, res) => {
    const bookingId = typeof req.query.bookingId === 'string' ? req.query.bookingId : undefined;
    const brandKey = req.user!.isPlatformAdmin
      ? typeof req.query.brand === 'string'
        ? req.query.brand
        : undefined
      : req.user!.brandKey;
    res.json({
      transport: deps.mailer.transport,
      messages: await outbox.list({ ...(brandKey && { brandKey }), ...(bookingId && { bookingId }) }),
    });
  });

  return router;
}
