import type { AccountErasure, BookingHistory, OutboxAnswer, PassengerErasure } from '@contrail/shared/admin/operations';
import { BOOKING_STATUSES } from '@contrail/shared/booking/status';
import { accessReasonSchema, reasonRequestSchema } from '@contrail/shared/support-desk/contracts';
import type { AdminBooking } from '@contrail/shared/booking/view';
import type { StaffAction } from '@contrail/shared/staff/policy';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { allow } from '../../accounts/guards.js';
import { BrandStore } from '../../brands/brand-store.js';
import { knownBrand } from '../../brands/known-brand.js';
import { scopedBrand, staffCan } from '../../accounts/staff-scope.js';
import { STAFF_INVITATION_KIND } from '../../staff/invitation-email.js';
import { HttpError, parseInput } from '../../http/errors.js';
import { UserStore } from '../../accounts/users.js';
import { emailHash } from '../checkout/contacts.js';
import type { BookingDeps } from '../deps.js';
import { EmailOutbox } from '../../email/outbox.js';
import { eraseAccount, eraseBooking } from '../manage/erasure.js';
import { bookingHistory } from '../manage/history.js';
import { presentFromStream } from '../read-model/present.js';
import { BookingReadModel } from '../read-model/queries.js';
import { overdueRefunds } from '../read-model/overdue-refunds.js';
import { deskActorOf, recordDeskWork } from '../../support-desk/desk.js';
import { sealedBodies } from '../../support-desk/sealed-outbox.js';
import { listedAdminBooking } from '../../support-desk/search/sealed-booking.js';
import { adminSees, bookingIdOf, contextOf } from './request-context.js';

const brandFilter = z.string().trim().toLowerCase().min(1).max(253);

const adminSearchSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[\w-]{1,100}$/)
    .optional(),
  reference: z.string().trim().max(20).optional(),
  email: z.string().trim().max(254).optional(),
  status: z.enum([...BOOKING_STATUSES, 'failed']).optional(),
  brand: brandFilter.optional(),
  from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

const outboxFilterSchema = z.object({
  bookingId: z.string().trim().max(100).optional(),
  brand: brandFilter.optional(),
});

const accountErasureSchema = z.object({
  email: z.string().trim().email('Please enter a valid email address').max(254),
  brand: z.string().trim().min(1).max(253).optional(),
  reason: accessReasonSchema,
});

/** /api/admin/bookings and /api/admin/outbox: support staff find bookings, read their history, erase travellers and accounts. */
export function adminBookingRoutes(deps: BookingDeps): Router {
  const router = Router();
  const readModel = new BookingReadModel(deps.sql);
  const outbox = new EmailOutbox(deps.sql);
  const users = new UserStore(deps.sql);
  const brands = new BrandStore(deps.sql);
  const brandFilterOf = async (req: Request, action: StaffAction, requested: string | undefined) => {
    const brandKey = scopedBrand(req, action, requested);
    return requested === undefined ? brandKey : knownBrand(brands, requested);
  };

  router.get('/bookings', allow('bookings.view'), async (req, res) => {
    const filter = parseInput(adminSearchSchema, req.query);
    const brandKey = await brandFilterOf(req, 'bookings.view', filter.brand);
    const rows = await readModel.search({
      ...(brandKey && { brandKey }),
      ...(filter.id && { bookingId: filter.id }),
      ...(filter.reference && { reference: filter.reference }),
      ...(filter.email && { emailHash: emailHash(filter.email) }),
      ...(filter.status && { status: filter.status }),
      ...(filter.from && { from: filter.from }),
      ...(filter.to && { to: filter.to }),
      ...(filter.limit && { limit: filter.limit }),
    });
    // Lists name travellers by their initials only: their names show once revealed, for a reason.
    const bookings: AdminBooking[] = await Promise.all(rows.map((row) => listedAdminBooking(deps, row)));
    res.json(bookings);
  });

  // Issue 36: refunds the airline paid over 7 days ago that the traveller still waits for.
  router.get('/refunds/overdue', allow('bookings.view'), async (req, res) => {
    const { brand } = parseInput(z.object({ brand: brandFilter.optional() }), req.query);
    const brandKey = await brandFilterOf(req, 'bookings.view', brand);
    res.json({ refunds: await overdueRefunds(deps.sql, deps.clock.now(), brandKey) });
  });

  router.get('/bookings/:id/history', allow('bookings.view'), async (req, res) => {
    const bookingId = bookingIdOf(req);
    const found = await presentFromStream(deps, bookingId);
    if (!found || !adminSees(req, 'bookings.view', found.state.booking.brandKey))
      throw new HttpError(404, 'Booking not found', 'NOT_FOUND');
    if (req.query.reveal !== undefined)
      throw new HttpError(
        400,
        `Personal data is shown for a reason: POST /api/admin/bookings/${bookingId}/reveal with { "reason": "..." }`,
        'REASON_REQUIRED',
      );
    res.json({
      bookingId,
      revealed: false,
      events: await bookingHistory(deps.eventStore, deps.vault, bookingId, false),
    } satisfies BookingHistory);
  });

  // Right to erasure: the travellers' data keys are destroyed (the events stay, unreadable), and
  // every other copy of their data goes (manage/erasure.ts).
  router.post('/bookings/:id/erase-passengers', allow('bookings.erase-passengers'), async (req, res) => {
    const bookingId = bookingIdOf(req);
    const { reason } = parseInput(reasonRequestSchema, req.body);
    const found = await presentFromStream(deps, bookingId);
    if (!found || !adminSees(req, 'bookings.erase-passengers', found.state.booking.brandKey))
      throw new HttpError(404, 'Booking not found', 'NOT_FOUND');
    const { brandKey } = found.state.booking;
    const by = deskActorOf(req);
    await recordDeskWork(deps, bookingId, { type: 'RecordErasure', by, brandKey, reason }, contextOf(req));
    const erased = await eraseBooking(deps, bookingId, contextOf(req));
    res.json({ success: true, erasedKeys: erased?.erasedKeys ?? 0 } satisfies PassengerErasure);
  });

  // Right to erasure for a whole account: its bookings, its messages, the account itself.
  router.post('/accounts/erase', allow('accounts.erase'), async (req, res) => {
    const { email, brand, reason } = parseInput(accountErasureSchema, req.body);
    const brandKey = scopedBrand(req, 'accounts.erase', brand) ?? req.user!.brandKey;
    const user = await users.findByEmail(brandKey, email);
    if (!user) throw new HttpError(404, 'No account with this email', 'NOT_FOUND');
    if (user.staff || user.isAdmin || user.isPlatformAdmin)
      throw new HttpError(409, 'Admin accounts cannot be erased: remove their admin rights first', 'ACCOUNT_IS_ADMIN');
    const by = deskActorOf(req);
    const erased = await eraseAccount(deps, user, contextOf(req), (bookingId) =>
      recordDeskWork(deps, bookingId, { type: 'RecordErasure', by, brandKey: user.brandKey, reason }, contextOf(req)),
    );
    res.json({
      success: true,
      erasedBookings: erased.bookings.length,
      erasedKeys: erased.bookings.reduce((sum, booking) => sum + booking.erasedKeys, 0),
    } satisfies AccountErasure);
  });

  router.get('/outbox', allow('outbox.view'), async (req, res) => {
    const { bookingId, brand } = parseInput(outboxFilterSchema, req.query);
    const brandKey = await brandFilterOf(req, 'outbox.view', brand);
    const messages = await outbox.list({ ...(brandKey && { brandKey }), ...(bookingId && { bookingId }) });
    res.json({
      transport: deps.mailer.transport,
      // A staff invitation's link grants its role: only those who may manage that brand's staff see it.
      messages: messages
        .filter((message) => message.kind !== STAFF_INVITATION_KIND || staffCan(req, 'staff.manage', message.brandKey))
        .map(sealedBodies),
    } satisfies OutboxAnswer);
  });

  return router;
}
