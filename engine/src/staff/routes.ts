import { randomUUID } from 'node:crypto';
import {
  acceptInvitationSchema,
  changeStaffRoleSchema,
  invitationTokenSchema,
  inviteStaffSchema,
  revokeStaffSchema,
  type StaffHistory,
  type StaffList,
} from '@contrail/shared/staff/contracts';
import { can, mayAssign, visibleBrands } from '@contrail/shared/staff/policy';
import type { StaffScope } from '@contrail/shared/staff/roles';
import { Router, type Request } from 'express';
import { accountMessages } from '@contrail/shared/accounts/schemas';
import { isCommonPassword } from '../accounts/common-passwords.js';
import { DuplicateUserError } from '../accounts/users.js';
import { allow } from '../accounts/guards.js';
import type { BrandDirectory } from '../brands/brand-directory.js';
import type { Config } from '../config.js';
import type { EventContext } from '../eventstore/metadata.js';
import { HttpError, parseInput, ValidationError } from '../http/errors.js';
import { StaffRuleError } from './decider.js';
import type { StaffActing, StaffService } from './staff-service.js';

const STATUS_OF = { forbidden: 403, conflict: 409, 'not-found': 404, expired: 410 } as const;
const CODE_OF = {
  forbidden: 'FORBIDDEN',
  conflict: 'STAFF_CONFLICT',
  'not-found': 'NOT_FOUND',
  expired: 'INVITATION_EXPIRED',
} as const;

/** A refused staff change as the answer it deserves; anything else goes on to the error handler. */
async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StaffRuleError) throw new HttpError(STATUS_OF[error.kind], error.message, CODE_OF[error.kind]);
    if (error instanceof DuplicateUserError) {
      const message =
        error.field === 'username' ? 'This username is taken' : 'An account with this email exists already';
      throw new ValidationError([{ path: error.field, message }], message);
    }
    throw error;
  }
}

const contextOf = (req: Request): EventContext => ({
  correlationId: typeof req.id === 'string' ? req.id : randomUUID(),
  actor: req.user?.id ?? 'anonymous',
  brand: req.brandKey ?? 'default',
});

/** Before the brands are looked up, so nobody learns of brands they could not grant anyway (the decider checks again). */
function refuseUngrantable(req: Request, target: StaffScope): void {
  if (!mayAssign(req.user!.staff, target)) throw new HttpError(403, 'You cannot grant this role', 'FORBIDDEN');
}

const acting = (req: Request, reason: string): StaffActing => ({
  by: { userId: req.user!.id, username: req.user!.username },
  scope: req.user!.staff!,
  reason,
  context: contextOf(req),
});

/** Staff ids are UUIDs (or a user's id for those enrolled): anything else is simply not found. */
function staffIdOf(req: Request): string {
  const id = String(req.params.id ?? '');
  if (!/^[\w-]{1,100}$/.test(id)) throw new HttpError(404, 'No such member of staff', 'NOT_FOUND');
  return id;
}

/** Where invitation links point: PUBLIC_URL, else the address this request came to. */
const baseUrlOf = (req: Request, publicUrl: string | undefined) => publicUrl ?? `${req.protocol}://${req.get('host')}`;

/**
 * /api/admin/staff: the staff a member may see (their brands'), invitations, role changes,
 * revocations and the history of each. Every change names its reason.
 */
export function adminStaffRoutes(
  service: StaffService,
  config: Pick<Config, 'publicUrl'>,
  brands: BrandDirectory,
): Router {
  const router = Router();

  /** A role only over brands that exist and are enabled: a typo must not make an invisible grant. */
  async function knownBrands(keys: readonly string[]): Promise<void> {
    const found = await Promise.all(keys.map((key) => brands.find(key)));
    const unknown = keys.filter((_key, index) => !found[index]);
    if (unknown.length === 0) return;
    const message = `Unknown or disabled brand: ${unknown.join(', ')}`;
    throw new ValidationError([{ path: 'brands', message }], message);
  }

  async function visible(req: Request, staffId: string) {
    const entry = await service.directory.get(staffId);
    const scope = req.user!.staff!;
    const seen =
      entry && (visibleBrands(scope) === undefined || entry.member.brands.some((b) => can(scope, 'staff.view', b)));
    if (!entry || !seen) throw new HttpError(404, 'No such member of staff', 'NOT_FOUND');
    return entry;
  }

  router.get('/', allow('staff.view'), async (req, res) => {
    res.json({ staff: await service.directory.list(visibleBrands(req.user!.staff!)) } satisfies StaffList);
  });

  router.get('/history', allow('staff.view'), async (req, res) => {
    const members = await service.directory.list(visibleBrands(req.user!.staff!));
    res.json({ changes: await service.history(members.map((member) => member.id)) } satisfies StaffHistory);
  });

  router.post('/invitations', allow('staff.manage'), async (req, res) => {
    const input = parseInput(inviteStaffSchema, req.body);
    refuseUngrantable(req, input);
    await knownBrands(input.brands);
    const member = await answering(() =>
      service.invite(input, acting(req, input.reason), baseUrlOf(req, config.publicUrl)),
    );
    res.status(201).json(member);
  });

  router.get('/:id/history', allow('staff.view'), async (req, res) => {
    const { member } = await visible(req, staffIdOf(req));
    res.json({ changes: await service.history([member.id]) } satisfies StaffHistory);
  });

  router.post('/:id/role', allow('staff.manage'), async (req, res) => {
    const { member } = await visible(req, staffIdOf(req));
    const input = parseInput(changeStaffRoleSchema, req.body);
    refuseUngrantable(req, input);
    await knownBrands(input.brands);
    res.json(await answering(() => service.changeRole(member.id, input, acting(req, input.reason))));
  });

  router.post('/:id/revoke', allow('staff.manage'), async (req, res) => {
    const { member } = await visible(req, staffIdOf(req));
    const { reason } = parseInput(revokeStaffSchema, req.body);
    res.json(await answering(() => service.revoke(member.id, acting(req, reason))));
  });

  return router;
}

/** /api/staff: the invitation link's page, before anyone is signed in. */
export function staffInvitationRoutes(service: StaffService): Router {
  const router = Router();

  router.get('/invitations/:token', async (req, res) => {
    const token = invitationTokenSchema.safeParse(req.params.token);
    const invitation = token.success ? await service.viewInvitation(token.data) : undefined;
    if (!invitation)
      throw new HttpError(404, 'This invitation link is not valid, has expired or was used', 'NOT_FOUND');
    res.json(invitation);
  });

  router.post('/invitations/accept', async (req, res) => {
    const input = parseInput(acceptInvitationSchema, req.body);
    if (isCommonPassword(input.password)) {
      throw new ValidationError(
        [{ path: 'password', message: accountMessages.passwordTooCommon }],
        accountMessages.passwordTooCommon,
      );
    }
    const { correlationId, brand } = contextOf(req);
    const user = await answering(() => service.accept(input, { correlationId, brand }));
    res.status(201).json({ success: true, username: user.username, brandKey: user.brandKey });
  });

  return router;
}
