import type { BookingHistory, OutboxAnswer } from '@contrail/shared/admin/operations';
import type { StaffAction } from '@contrail/shared/staff/policy';
import {
  accessLogQuerySchema,
  internalNoteRequestSchema,
  outboxRevealRequestSchema,
  reasonRequestSchema,
  type AccessLog,
  type DeskTimeline,
} from '@contrail/shared/support-desk/contracts';
import { Router, type Request } from 'express';
import { allow } from '../accounts/guards.js';
import type { BookingDeps } from '../bookings/deps.js';
import { adminSees, bookingIdOf, contextOf } from '../bookings/http/request-context.js';
import { bookingHistory } from '../bookings/manage/history.js';
import { presentFromStream } from '../bookings/read-model/present.js';
import { EmailOutbox } from '../email/outbox.js';
import { HttpError, parseInput } from '../http/errors.js';
import { accessLogCsv, accessLogEntries } from './access-log.js';
import { actForTravellerRoutes } from './act-for-traveller.js';
import { answerScheduleChangeRoutes } from './answer-schedule-change.js';
import { deskActorOf, deskTimeline, recordDeskWork } from './desk.js';

/** The booking a desk request is about, when this member of staff may take `action` on its brand. */
async function bookingFor(deps: BookingDeps, req: Request, action: StaffAction, bookingId = bookingIdOf(req)) {
  const found = await presentFromStream(deps, bookingId);
  if (!found || !adminSees(req, action, found.state.booking.brandKey))
    throw new HttpError(404, 'Booking not found', 'NOT_FOUND');
  return { bookingId, brandKey: found.state.booking.brandKey };
}

/**
 * /api/admin: personal data shown only for a reason, each reveal recorded on the booking's desk
 * stream (and so in the access log); internal notes; the access log for platform admins.
 */
export function supportDeskRoutes(deps: BookingDeps): Router {
  const router = Router();
  const outbox = new EmailOutbox(deps.sql);

  router.post('/bookings/:id/reveal', allow('personal-data.reveal'), async (req, res) => {
    const { reason } = parseInput(reasonRequestSchema, req.body);
    const { bookingId, brandKey } = await bookingFor(deps, req, 'personal-data.reveal');
    const command = {
      type: 'RevealPersonalData',
      by: deskActorOf(req),
      brandKey,
      reason,
      seen: ['passengers'],
    } as const;
    await recordDeskWork(deps, bookingId, command, contextOf(req));
    res.json({
      bookingId,
      revealed: true,
      events: await bookingHistory(deps.eventStore, deps.vault, bookingId, true),
    } satisfies BookingHistory);
  });

  router.post('/outbox/reveal', allow('outbox.view'), allow('personal-data.reveal'), async (req, res) => {
    const { reason, bookingId: requested } = parseInput(outboxRevealRequestSchema, req.body);
    const { bookingId, brandKey } = await bookingFor(deps, req, 'personal-data.reveal', requested);
    const command = { type: 'RevealPersonalData', by: deskActorOf(req), brandKey, reason, seen: ['emails'] } as const;
    await recordDeskWork(deps, bookingId, command, contextOf(req));
    res.json({
      transport: deps.mailer.transport,
      messages: await outbox.list({ brandKey, bookingId }),
    } satisfies OutboxAnswer);
  });

  router.get('/bookings/:id/desk', allow('bookings.view'), async (req, res) => {
    const { bookingId } = await bookingFor(deps, req, 'bookings.view');
    res.json({ bookingId, entries: await deskTimeline(deps.eventStore, bookingId) } satisfies DeskTimeline);
  });

  router.post('/bookings/:id/notes', allow('bookings.service'), async (req, res) => {
    const { text } = parseInput(internalNoteRequestSchema, req.body);
    const { bookingId, brandKey } = await bookingFor(deps, req, 'bookings.service');
    await recordDeskWork(
      deps,
      bookingId,
      { type: 'AddInternalNote', by: deskActorOf(req), brandKey, text },
      contextOf(req),
    );
    res.status(201).json({ bookingId, entries: await deskTimeline(deps.eventStore, bookingId) } satisfies DeskTimeline);
  });

  router.get('/access-log', allow('personal-data.audit'), async (req, res) => {
    const query = parseInput(accessLogQuerySchema, req.query);
    res.json({ entries: await accessLogEntries(deps.sql, query) } satisfies AccessLog);
  });

  router.get('/access-log.csv', allow('personal-data.audit'), async (req, res) => {
    const query = parseInput(accessLogQuerySchema, req.query);
    res
      .type('text/csv')
      .attachment('personal-data-access-log.csv')
      .send(accessLogCsv(await accessLogEntries(deps.sql, query)));
  });

  router.use(actForTravellerRoutes(deps));
  router.use(answerScheduleChangeRoutes(deps));
  return router;
}
