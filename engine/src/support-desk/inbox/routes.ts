import { can, visibleBrands, type StaffAction } from '@contrail/shared/staff/policy';
import {
  inboxQuerySchema,
  messageAssignmentRequestSchema,
  messageStatusRequestSchema,
  type ContactMessage,
  type InboxAnswer,
  type InboxChange,
} from '@contrail/shared/support-desk/inbox';
import { Router, type Request } from 'express';
import { allow } from '../../accounts/guards.js';
import { UserStore } from '../../accounts/users.js';
import { contextOf } from '../../bookings/http/request-context.js';
import { BrandStore } from '../../brands/brand-store.js';
import { knownBrand } from '../../brands/known-brand.js';
import type { Clock } from '../../clock.js';
import { handleCommand } from '../../eventstore/command-handler.js';
import type { EventStore } from '../../eventstore/eventstore.js';
import { HttpError, parseInput } from '../../http/errors.js';
import { untilApplied } from '../../projections/applied.js';
import type { SqlClient } from '../../storage/sql.js';
import { deskActorOf } from '../desk.js';
import type { DeskActor } from '../decider.js';
import { inboxDecider, inboxStream, InboxRuleError, type InboxCommand } from './decider.js';
import { inboxChanges, InboxStore, type InboxMessage } from './inbox-store.js';
import { CONTACT_MESSAGE_STATES } from './projection.js';

/** How long a change waits for the inbox's list to show it before it is answered anyway. */
const LISTED_WITHIN_MS = 2_000;

export interface InboxDeps {
  sql: SqlClient;
  eventStore: EventStore;
  clock: Clock;
}

/** The brands listed: the one asked for (when it exists and is within reach), else all of the member's. */
async function brandsListed(req: Request, brands: BrandStore, requested: string | undefined) {
  const staff = req.user?.staff;
  if (requested === undefined) return staff ? visibleBrands(staff) : [];
  if (!can(staff, 'support-requests.view', requested))
    throw new HttpError(403, `Your access does not include the brand ${requested}`, 'FORBIDDEN');
  return [await knownBrand(brands, requested)];
}

const messageIdOf = (req: Request) => {
  const id = String(req.params.id ?? '');
  if (!/^[\w-]{1,100}$/.test(id)) throw new HttpError(404, 'Message not found', 'NOT_FOUND');
  return id;
};

/** Status and assignee as the message's own stream says: what was just changed reads back at once. */
function withChanges(message: InboxMessage, changes: InboxChange[]): ContactMessage {
  let { status, assignee, changedAt } = message;
  for (const change of changes) {
    if (change.type === 'status') status = change.to as typeof status;
    else assignee = change.assignee;
    changedAt = change.at;
  }
  return { ...message, status, assignee, changedAt, changes };
}

/**
 * /api/admin/contact-messages: the inbox of the contact and support forms, per brand. Listing and
 * reading need `support-requests.view`, changing a status or an assignment `support-requests.handle`
 * on the message's brand; each change is an event on the message's stream.
 */
export function inboxRoutes(deps: InboxDeps): Router {
  const router = Router();
  const store = new InboxStore(deps.sql);
  const brands = new BrandStore(deps.sql);
  const users = new UserStore(deps.sql);

  /** The message, when this member may take `action` on its brand (404 otherwise: no hint it exists). */
  const messageFor = async (req: Request, action: StaffAction) => {
    const message = await store.get(messageIdOf(req));
    if (!message || !can(req.user?.staff, action, message.brandKey))
      throw new HttpError(404, 'Message not found', 'NOT_FOUND');
    return message;
  };
  const answer = async (message: InboxMessage) =>
    withChanges(message, (await inboxChanges(deps.eventStore, message.id)).changes);
  /** After a change: answered once the inbox's list shows it (at most LISTED_WITHIN_MS), so a list loaded next does. */
  const answerChanged = async (message: InboxMessage) => {
    const { changes, position } = await inboxChanges(deps.eventStore, message.id);
    await untilApplied(deps.sql, [CONTACT_MESSAGE_STATES], position, LISTED_WITHIN_MS);
    return withChanges(message, changes);
  };

  const decide = async (req: Request, message: InboxMessage, command: InboxCommand) => {
    try {
      await handleCommand(deps.eventStore, inboxStream(message.id), inboxDecider, command, {
        context: contextOf(req),
        clock: deps.clock,
        retriesOnConflict: 5,
      });
    } catch (error) {
      if (error instanceof InboxRuleError) throw new HttpError(409, error.message, 'MESSAGE_CLOSED');
      throw error;
    }
  };

  /** A member of staff who may handle this brand's messages, by username. */
  const assigneeOf = async (username: string, brandKey: string): Promise<DeskActor> => {
    const user = await users.findForSignIn(brandKey, username);
    if (!user || !can(user.staff, 'support-requests.handle', brandKey))
      throw new HttpError(400, `${username} is not staff who can answer ${brandKey}'s messages`, 'UNKNOWN_ASSIGNEE');
    return { userId: user.id, username: user.username };
  };

  router.get('/contact-messages', allow('support-requests.view'), async (req, res) => {
    const query = parseInput(inboxQuerySchema, req.query);
    const assignee =
      query.assignee === undefined
        ? undefined
        : query.assignee === 'none'
          ? null
          : query.assignee === 'me'
            ? { userId: req.user!.id }
            : { username: query.assignee };
    const { messages, total } = await store.list({
      brands: await brandsListed(req, brands, query.brand),
      status: query.status,
      assignee,
      limit: query.limit,
      offset: query.offset,
    });
    res.json({ messages, total, limit: query.limit, offset: query.offset } satisfies InboxAnswer);
  });

  router.get('/contact-messages/:id', allow('support-requests.view'), async (req, res) => {
    res.json(await answer(await messageFor(req, 'support-requests.view')));
  });

  router.post('/contact-messages/:id/status', allow('support-requests.handle'), async (req, res) => {
    const { status } = parseInput(messageStatusRequestSchema, req.body);
    const message = await messageFor(req, 'support-requests.handle');
    const acting = { by: deskActorOf(req), brandKey: message.brandKey };
    await decide(req, message, { type: 'SetMessageStatus', ...acting, status });
    res.json(await answerChanged(message));
  });

  router.post('/contact-messages/:id/assignment', allow('support-requests.handle'), async (req, res) => {
    const { assignee } = parseInput(messageAssignmentRequestSchema, req.body);
    const message = await messageFor(req, 'support-requests.handle');
    const username = assignee === 'me' ? req.user!.username : assignee;
    const to = username === null ? null : await assigneeOf(username, message.brandKey);
    const acting = { by: deskActorOf(req), brandKey: message.brandKey };
    await decide(req, message, { type: 'AssignMessage', ...acting, assignee: to });
    res.json(await answerChanged(message));
  });

  return router;
}
