import { randomUUID } from 'node:crypto';
import { DEFAULT_BRAND_KEY } from '@contrail/shared';
import {
  INVITATION_TTL_MS,
  type AcceptInvitation,
  type ChangeStaffRole,
  type InvitationView,
  type InviteStaff,
  type StaffChange,
  type StaffMember,
} from '@contrail/shared/staff/contracts';
import type { StaffScope } from '@contrail/shared/staff/roles';
import type { Accounts } from '../accounts/accounts.js';
import type { User } from '../accounts/users.js';
import { EmailOutbox } from '../email/outbox.js';
import type { Mailer } from '../email/mailer.js';
import type { Clock } from '../clock.js';
import { handleCommand, loadStream } from '../eventstore/command-handler.js';
import type { EventStore, RecordedEvent } from '../eventstore/eventstore.js';
import type { EventContext } from '../eventstore/metadata.js';
import type { Logger } from '../logging/logger.js';
import type { SqlClient } from '../storage/sql.js';
import {
  staffDecider,
  staffStream,
  StaffRuleError,
  type StaffActor,
  type StaffCommand,
  type StaffEvent,
} from './decider.js';
import { invitationEmail, invitationLink, STAFF_INVITATION_KIND } from './invitation-email.js';
import { hashInvitationToken, newInvitationToken } from './invitation-token.js';
import { StaffDirectory, type StaffSnapshot } from './staff-directory.js';
import { staffChanges } from './staff-history.js';

export interface StaffDeps {
  eventStore: EventStore;
  sql: SqlClient;
  clock: Clock;
  mailer: Mailer;
  accounts: Accounts;
  logger: Logger;
}

/** Who acts, with their own scope, and why. */
export interface StaffActing {
  by: StaffActor;
  scope: StaffScope;
  reason: string;
  context: EventContext;
}

const SYSTEM: StaffActor = { userId: 'system', username: 'system' };
const CONFLICT_RETRIES = 2;

/** Staff accounts: each change decided on the member's stream, then written to the directory. */
export class StaffService {
  readonly directory: StaffDirectory;
  readonly #outbox: EmailOutbox;

  constructor(private readonly deps: StaffDeps) {
    this.directory = new StaffDirectory(deps.sql);
    this.#outbox = new EmailOutbox(deps.sql);
  }

  async #run(staffId: string, command: StaffCommand, context: EventContext, extra: Partial<StaffSnapshot> = {}) {
    const handled = await handleCommand(this.deps.eventStore, staffStream(staffId), staffDecider, command, {
      context,
      clock: this.deps.clock,
      retriesOnConflict: CONFLICT_RETRIES,
    });
    if (handled.events.length > 0 && handled.state.status !== 'none' && handled.revision !== 'no_stream') {
      await this.directory.apply({
        staffId,
        state: handled.state,
        revision: handled.revision,
        at: this.deps.clock.now(),
        ...extra,
      });
    }
    return handled;
  }

  /** Records the invitation and sends its link (kept in the outbox, and by SMTP when configured). */
  async invite(input: InviteStaff, acting: StaffActing, baseUrl: string): Promise<StaffMember> {
    const staffId = randomUUID();
    const token = newInvitationToken();
    const expiresAt = new Date(this.deps.clock.now().getTime() + INVITATION_TTL_MS);
    const { email, role, brands } = input;
    await this.#run(
      staffId,
      { type: 'Invite', email, role, brands, expiresAt: expiresAt.toISOString(), ...acting },
      acting.context,
      { tokenHash: hashInvitationToken(token) },
    );
    const message = invitationEmail({
      role,
      brands,
      invitedBy: acting.by.username,
      link: invitationLink(baseUrl, token),
      expiresAt,
    });
    await this.#send(brands[0] ?? DEFAULT_BRAND_KEY, email, message);
    return (await this.directory.get(staffId))!.member;
  }

  async #send(brandKey: string, to: string, message: { subject: string; text: string; html: string }): Promise<void> {
    const kept = await this.#outbox.keepForAccount({ brandKey, kind: STAFF_INVITATION_KIND, to, ...message });
    if (this.deps.mailer.transport !== 'smtp') return;
    try {
      await this.deps.mailer.send({ to, ...message });
      await this.#outbox.markSent(kept.id, this.deps.clock.now());
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'could not send a staff invitation: it stays in the outbox');
    }
  }

  /** The invitation a token opens, while it is open. */
  async viewInvitation(token: string): Promise<InvitationView | undefined> {
    const member = await this.directory.findInvitation(hashInvitationToken(token));
    if (!member?.invitationExpiresAt || Date.parse(member.invitationExpiresAt) <= this.deps.clock.now().getTime()) {
      return undefined;
    }
    return { email: member.email, role: member.role, brands: member.brands, expiresAt: member.invitationExpiresAt };
  }

  /**
   * Creates the member's account (on their first brand) and records the acceptance: once, before
   * the link expires. The account is made without rights; the directory grants them with the event.
   */
  async accept(input: AcceptInvitation, context: Omit<EventContext, 'actor'>): Promise<User> {
    const member = await this.directory.findInvitation(hashInvitationToken(input.token));
    if (!member) throw new StaffRuleError('not-found', 'This invitation link is not valid, or was used already');
    const now = this.deps.clock.now().toISOString();
    const loaded = await loadStream(this.deps.eventStore, staffStream(member.id), staffDecider);
    staffDecider.decide({ type: 'Accept', userId: 'pending', username: input.username, now }, loaded.state);
    const { token: _token, ...account } = input;
    const user = await this.deps.accounts.register(member.brands[0] ?? DEFAULT_BRAND_KEY, {
      ...account,
      email: member.email,
    });
    try {
      await this.#run(
        member.id,
        { type: 'Accept', userId: user.id, username: user.username, now },
        { ...context, actor: user.id },
        { username: user.username, name: `${user.firstName} ${user.lastName}`.trim() },
      );
    } catch (error) {
      await this.deps.accounts.users.erase(user.id);
      throw error;
    }
    return user;
  }

  async changeRole(staffId: string, input: ChangeStaffRole, acting: StaffActing): Promise<StaffMember> {
    await this.#run(staffId, { type: 'ChangeRole', role: input.role, brands: input.brands, ...acting }, acting.context);
    return (await this.directory.get(staffId))!.member;
  }

  /** Ends the member's access and, through the directory, every session they have. */
  async revoke(staffId: string, acting: StaffActing): Promise<StaffMember> {
    await this.#run(staffId, { type: 'Revoke', ...acting }, acting.context);
    return (await this.directory.get(staffId))!.member;
  }

  /** The changes of these members, oldest first. */
  async history(staffIds: readonly string[]): Promise<StaffChange[]> {
    const changes = await Promise.all(
      staffIds.map(async (staffId) => {
        const stored = await this.deps.eventStore.readStream(staffStream(staffId));
        const events = stored.map((event) => ({
          ...event,
          ...staffDecider.parse(event),
        })) as RecordedEvent<StaffEvent>[];
        return staffChanges(staffId, events);
      }),
    );
    return changes.flat().sort((a, b) => a.at.localeCompare(b.at));
  }

  /**
   * At start-up: every account flagged admin but not yet in the directory (the start-up admin, or
   * a brand admin from before staff accounts) joins it with an event, under its own user id, once.
   */
  async enrolFlaggedAdmins(): Promise<number> {
    const users = await this.deps.accounts.users.listFlaggedAdmins();
    for (const user of users) {
      const scope = user.staff ?? { role: 'brand-admin' as const, brands: [user.brandKey] };
      await this.#run(
        user.id,
        {
          type: 'Enrol',
          email: user.email,
          role: scope.role,
          brands: [...scope.brands],
          userId: user.id,
          username: user.username,
          by: SYSTEM,
          reason: 'Held an admin role when staff accounts began, or was created at start-up',
        },
        { correlationId: randomUUID(), actor: SYSTEM.userId, brand: user.brandKey },
        { username: user.username, name: `${user.firstName} ${user.lastName}`.trim() },
      );
    }
    return users.length;
  }
}
