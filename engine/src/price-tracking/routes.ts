import { randomUUID } from 'node:crypto';
import { flightSearchParamsSchema } from '@contrail/shared/flights/search-params';
import { trackSearchRequestSchema, type TrackSearchRequest } from '@contrail/shared/price-tracking/tracked-search';
import {
  PRICE_TRACKING_MESSAGES,
  type TrackedSearchList,
  type TrackSearchAnswer,
} from '@contrail/shared/price-tracking/tracked-search-view';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { requireUser } from '../accounts/guards.js';
import { brandOf, correlationOf, originOf } from '../bookings/http/request-context.js';
import { handleCommand } from '../eventstore/command-handler.js';
import { fieldErrorsOf, HttpError, parseInput, ValidationError } from '../http/errors.js';
import { actionPage } from './action-page.js';
import { daysOf, queryOf, trackedSearchKey } from './cheapest.js';
import { priceTrackingDecider, TrackingRefusal, type PriceTrackingCommand } from './decider.js';
import type { PriceTrackingDeps } from './deps.js';
import { sendConfirmation } from './confirm-mail.js';
import type { TrackedSearch } from '@contrail/shared/price-tracking/tracked-search';
import { trackingStreamName } from './events.js';
import { PriceTrackingStore } from './store.js';
import { linkTokenMatches } from './tokens.js';
import { trackedSearchView } from './views.js';

const idSchema = z.object({ id: z.uuid(PRICE_TRACKING_MESSAGES.notFound) });
const tokenSchema = z.object({ token: z.string().min(1).max(200) });
/** Price alerts by email one address may be asked to confirm a day. */
const CONFIRMATIONS_PER_DAY = 5;
const notFound = () => new HttpError(404, PRICE_TRACKING_MESSAGES.notFound, 'NOT_FOUND');

/** The same rules as a search (airports differ, passengers allowed, return after departure), on its first day. */
function checkedSearch(input: TrackSearchRequest, today: string): TrackedSearch {
  const { drop: _drop, email: _email, ...search } = input;
  const first = search.when.kind === 'date' ? search.when.departureDate : `${search.when.month}-01`;
  const parsed = flightSearchParamsSchema.safeParse(queryOf(search, first));
  if (!parsed.success) {
    throw new ValidationError(fieldErrorsOf(parsed.error));
  }
  if (daysOf(search, today).length === 0) {
    throw new ValidationError([{ path: 'when', message: 'Choose a departure date from today on' }]);
  }
  return search;
}

const refusal = (error: unknown) => {
  if (error instanceof TrackingRefusal)
    return new HttpError(error.code === 'NOT_FOUND' ? 404 : 409, error.message, error.code);
  return error;
};

/**
 * /api/price-tracking (issue 34): track a search's price (signed in, or by email after a confirmed
 * link), list one's tracked searches with their prices, stop one; the emails' confirm and one-click
 * unsubscribe links (a token per alert, tokens.ts).
 */
export function priceTrackingRoutes(deps: PriceTrackingDeps): Router {
  const store = new PriceTrackingStore(deps.sql);
  const router = Router();
  const command = (req: Request, trackingId: string, cmd: PriceTrackingCommand, brand = brandOf(req)) =>
    handleCommand(deps.eventStore, trackingStreamName(trackingId), priceTrackingDecider, cmd, {
      context: { correlationId: correlationOf(req), actor: req.user?.id ?? 'anonymous', brand },
      clock: deps.clock,
      retriesOnConflict: 2,
    }).catch((error: unknown) => {
      throw refusal(error);
    });

  router.post('/price-tracking', async (req, res) => {
    const input = parseInput(trackSearchRequestSchema, req.body);
    const search = checkedSearch(input, deps.clock.now().toISOString().slice(0, 10));
    const customerId = req.user?.id ?? null;
    if (!customerId && !input.email)
      throw new ValidationError([{ path: 'email', message: PRICE_TRACKING_MESSAGES.emailNeeded }]);
    const trackingId = randomUUID();
    const brandKey = brandOf(req);
    // The address is kept before the fact: an alert never recorded leaves an orphan row, never an alert without one.
    if (!customerId && (await store.confirmationsToday(input.email!)) >= CONFIRMATIONS_PER_DAY)
      throw new HttpError(429, PRICE_TRACKING_MESSAGES.tooManyConfirmations, 'TOO_MANY_PRICE_ALERTS');
    if (!customerId) await store.keepContact(trackingId, input.email!);
    await command(req, trackingId, {
      type: 'StartTracking',
      trackingId,
      brandKey,
      search,
      searchKey: trackedSearchKey(search),
      drop: input.drop,
      customerId,
    });
    if (!customerId) await sendConfirmation(deps, { trackingId, brandKey, search }, input.email!, originOf(req));
    const answer: TrackSearchAnswer = { trackingId, status: customerId ? 'active' : 'pending' };
    res.status(201).json(answer);
  });

  router.get('/price-tracking', requireUser, async (req, res) => {
    const rows = await store.ofCustomer(req.user!.id);
    const checks = await store.checksOf(rows.map((row) => row.trackingId));
    const answer: TrackedSearchList = { trackedSearches: rows.map((row) => trackedSearchView(row, checks)) };
    res.set('Cache-Control', 'no-store').json(answer);
  });

  router.post('/price-tracking/:id/stop', requireUser, async (req, res) => {
    const { id } = parseInput(idSchema, req.params);
    const row = await store.find(id);
    if (!row || row.customerId !== req.user!.id) throw notFound();
    await command(req, id, { type: 'StopTracking', by: 'traveller' }, row.brandKey);
    res.status(204).end();
  });

  /** The emailed links: a token that is not this alert's is a 404, as for an alert that does not exist. */
  const linked = (req: Request) => {
    const { id } = parseInput(idSchema, req.params);
    const { token } = parseInput(tokenSchema, req.query);
    if (!linkTokenMatches(deps.linkKey, id, token)) throw notFound();
    return {
      id,
      action: `/api/price-tracking/${id}/${req.path.endsWith('/confirm') ? 'confirm' : 'unsubscribe'}?token=${encodeURIComponent(token)}`,
    };
  };
  const page = (res: Response, html: string) => res.set('Cache-Control', 'no-store').type('html').send(html);

  router.get(['/price-tracking/:id/confirm', '/price-tracking/:id/unsubscribe'], (req, res) => {
    const { action } = linked(req);
    const confirming = action.includes('/confirm?');
    page(
      res,
      actionPage(
        confirming
          ? {
              title: 'Confirm your price alert',
              text: 'We will email you when the price drops.',
              button: { label: 'Confirm price alert', action },
            }
          : {
              title: 'Stop price emails',
              text: 'You will get no more emails about this price.',
              button: { label: 'Stop these emails', action },
            },
      ),
    );
  });

  router.post('/price-tracking/:id/confirm', async (req, res) => {
    const { id } = linked(req);
    const row = await store.find(id);
    await command(req, id, { type: 'ConfirmTracking' }, row?.brandKey);
    page(res, actionPage({ title: 'Price alert confirmed', text: PRICE_TRACKING_MESSAGES.confirmed }));
  });

  // RFC 8058 one-click: the mail client POSTs `List-Unsubscribe=One-Click`; a person's click on the page does the same.
  router.post('/price-tracking/:id/unsubscribe', async (req, res) => {
    const { id } = linked(req);
    const row = await store.find(id);
    await command(req, id, { type: 'StopTracking', by: 'unsubscribe' }, row?.brandKey);
    await store.forgetContact(id);
    page(res, actionPage({ title: 'Unsubscribed', text: PRICE_TRACKING_MESSAGES.unsubscribed }));
  });

  return router;
}
