import { Router, type Request } from 'express';
import {
  sharedTripPathOf,
  sharedTripRequestSchema,
  SHARE_TEXT,
  type CreatedShareLink,
  type SharedTrip,
  type ShareLinkStatus,
} from '@contrail/shared/booking/trip-share';
import { requireUser } from '../../accounts/guards.js';
import { handleCommand, loadStream } from '../../eventstore/command-handler.js';
import { HttpError, parseInput } from '../../http/errors.js';
import type { BookingDeps } from '../deps.js';
import { presentFromStream, type PresentedBooking } from '../read-model/present.js';
import { bookingIdOf, contextOf } from '../http/request-context.js';
import { shareDecider, ShareRefusal, shareStreamOf } from './share-decider.js';
import { bookingIdOfToken, newShareToken, shareTokenHash, tokenMatches } from './share-token.js';

const notFound = () => new HttpError(404, 'Booking not found', 'NOT_FOUND');
const inactive = () => new HttpError(404, SHARE_TEXT.inactive, 'NOT_FOUND');

/** The trip as anyone with its link sees it: flights, reference, status, and names not erased. */
export function sharedTripOf(found: PresentedBooking): SharedTrip | undefined {
  const { view, passengers } = found;
  if (view.status === 'failed') return undefined;
  return {
    reference: view.reference,
    status: view.status,
    slices: view.bookingData.slices,
    passengers: passengers.flatMap(({ pii }) =>
      pii ? [{ given_name: pii.firstName, family_name: pii.lastName }] : [],
    ),
  };
}

/**
 * Issue 36: the owner creates (POST), checks (GET) and revokes (DELETE) the share link of a trip;
 * anyone posts a link's token to `/shared-trips/view`. Every unknown, malformed or revoked token
 * gets the same 404, so an answer tells nothing about which bookings exist.
 */
export function shareRoutes(deps: BookingDeps): Router {
  const router = Router();
  const ownBooking = async (req: Request) => {
    const found = await presentFromStream(deps, bookingIdOf(req));
    if (!found || found.state.booking.customerId !== req.user!.id) throw notFound();
    return found;
  };
  const command = (req: Request, bookingId: string, cmd: Parameters<typeof shareDecider.decide>[0]) =>
    handleCommand(deps.eventStore, shareStreamOf(bookingId), shareDecider, cmd, {
      context: contextOf(req),
      clock: deps.clock,
      retriesOnConflict: 2,
    });

  router.get('/bookings/:id/share', requireUser, async (req, res) => {
    const found = await ownBooking(req);
    const { state } = await loadStream(deps.eventStore, shareStreamOf(found.state.booking.bookingId), shareDecider);
    res.json({ active: state.active !== null, createdAt: state.active?.createdAt ?? null } satisfies ShareLinkStatus);
  });

  router.post('/bookings/:id/share', requireUser, async (req, res) => {
    const found = await ownBooking(req);
    const bookingId = found.state.booking.bookingId;
    const token = newShareToken(bookingId);
    const at = deps.clock.now().toISOString();
    try {
      await command(req, bookingId, {
        type: 'CreateShareLink',
        tokenHash: shareTokenHash(token),
        bookingPhase: found.state.phase,
        at,
      });
    } catch (error) {
      if (error instanceof ShareRefusal) throw new HttpError(409, error.message, error.code);
      throw error;
    }
    res.status(201).json({ token, path: sharedTripPathOf(token) } satisfies CreatedShareLink);
  });

  router.delete('/bookings/:id/share', requireUser, async (req, res) => {
    const found = await ownBooking(req);
    await command(req, found.state.booking.bookingId, { type: 'RevokeShareLink', at: deps.clock.now().toISOString() });
    res.json({ success: true });
  });

  router.post('/shared-trips/view', async (req, res) => {
    const { token } = parseInput(sharedTripRequestSchema, req.body);
    const bookingId = bookingIdOfToken(token);
    if (!bookingId) throw inactive();
    const { state } = await loadStream(deps.eventStore, shareStreamOf(bookingId), shareDecider);
    if (!state.active || !tokenMatches(token, state.active.tokenHash)) throw inactive();
    const found = await presentFromStream(deps, bookingId);
    const trip = found && sharedTripOf(found);
    if (!trip) throw inactive();
    res.set('Cache-Control', 'no-store').json(trip satisfies SharedTrip);
  });
  return router;
}
