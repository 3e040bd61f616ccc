import type { AuthAnswer, SignedInAnswer } from '@contrail/shared/accounts/schemas';
import {
  confirmEnrolmentSchema,
  disableTwoFactorSchema,
  regenerateRecoveryCodesSchema,
  secondStepSchema,
  twoFactorErrorCodes,
  twoFactorMessages,
  twoFactorRequired,
  type EnrolledAtSignIn,
  type Enrolment,
  type RecoveryCodesAnswer,
  type TwoFactorRequirement,
  type TwoFactorStatus,
} from '@contrail/shared/accounts/two-factor';
import { Router, type Request, type Response } from 'express';
import type { BrandDirectory } from '../../brands/brand-directory.js';
import type { Clock } from '../../clock.js';
import { HttpError, parseInput, ValidationError } from '../../http/errors.js';
import type { Accounts } from '../accounts.js';
import { requireUser } from '../guards.js';
import type { KnownDevices } from '../known-devices.js';
import { signIn } from '../session.js';
import type { User } from '../users.js';
import { currentUserBody } from '../routes.js';
import { markSecondStepPassed, pendingSignIn, type PendingSignIn } from './pending-sign-in.js';
import type { TwoFactorRateLimits } from './rate-limits.js';
import { roleOf } from './role.js';
import { TwoFactorError, type TwoFactor, type TwoFactorProblem } from './two-factor.js';

export interface TwoFactorRouteDeps {
  twoFactor: TwoFactor;
  accounts: Accounts;
  brands: BrandDirectory;
  devices: KnownDevices;
  limits: TwoFactorRateLimits;
  clock: Clock;
  requirement: TwoFactorRequirement;
}

const PROBLEMS: Record<TwoFactorProblem, { status: number; message: string; code: string }> = {
  alreadyEnabled: { status: 409, message: twoFactorMessages.alreadyEnabled, code: twoFactorErrorCodes.alreadyEnabled },
  notEnabled: { status: 409, message: twoFactorMessages.notEnabled, code: twoFactorErrorCodes.notEnabled },
  noPendingEnrolment: {
    status: 409,
    message: twoFactorMessages.noPendingEnrolment,
    code: twoFactorErrorCodes.noPendingEnrolment,
  },
  invalidCode: { status: 401, message: twoFactorMessages.invalidCode, code: twoFactorErrorCodes.invalidCode },
};

/** Runs `work`, answering a TwoFactorError as its 4xx. */
async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof TwoFactorError)) throw error;
    const { status, message, code } = PROBLEMS[error.problem];
    throw new HttpError(status, message, code);
  }
}

function notEnabled(): never {
  const { status, message, code } = PROBLEMS.notEnabled;
  throw new HttpError(status, message, code);
}

/** A wrong code while signed in is a field error (400), so the form shows it under the field. */
function invalidCodeField(): never {
  const message = twoFactorMessages.invalidCode;
  throw new ValidationError([{ path: 'code', message }], message);
}

/** The pending sign-in's user, when the password step is recent, the step is `step`, and nothing changed since. */
async function pendingUser(deps: TwoFactorRouteDeps, req: Request, step: PendingSignIn['step']): Promise<User> {
  const pending = pendingSignIn(req, deps.clock);
  const user = pending?.step === step ? await deps.accounts.users.findById(pending.uid) : undefined;
  if (!pending || !user || user.sessionVersion !== pending.ver) {
    throw new HttpError(401, twoFactorMessages.noPendingSignIn, twoFactorErrorCodes.noPendingSignIn);
  }
  return user;
}

async function issuerOf(deps: TwoFactorRouteDeps, brandKey: string): Promise<string> {
  return (await deps.brands.find(brandKey))?.name ?? 'Contrail';
}

async function finishSignIn(deps: TwoFactorRouteDeps, req: Request, res: Response, user: User) {
  const signedIn = signIn(req, user, deps.clock);
  markSecondStepPassed(req);
  await deps.devices.remember(req, res, user.id);
  return currentUserBody(signedIn);
}

/** POST /api/auth/login/two-factor...: the second step of a sign-in (accounts/routes.ts starts it). */
function secondStepRoutes(deps: TwoFactorRouteDeps): Router {
  const router = Router();

  router.post('/login/two-factor', ...deps.limits.secondStep, async (req, res) => {
    const user = await pendingUser(deps, req, 'code');
    const { code } = parseInput(secondStepSchema, req.body);
    if (!(await deps.twoFactor.verify(user.id, code))) {
      throw new HttpError(401, twoFactorMessages.invalidCode, twoFactorErrorCodes.invalidCode);
    }
    const body = await finishSignIn(deps, req, res, user);
    res.json({ success: true, message: 'Login successful', user: body } satisfies SignedInAnswer);
  });

  router.post('/login/two-factor/enrol', ...deps.limits.secondStep, async (req, res) => {
    const user = await pendingUser(deps, req, 'enrol');
    const issuer = await issuerOf(deps, req.brandKey!);
    res.json((await refusing(() => deps.twoFactor.startEnrolment(user.id, issuer, user.username))) satisfies Enrolment);
  });

  router.post('/login/two-factor/confirm', ...deps.limits.secondStep, async (req, res) => {
    const user = await pendingUser(deps, req, 'enrol');
    const { code } = parseInput(confirmEnrolmentSchema, req.body);
    const recoveryCodes = await refusing(() => deps.twoFactor.confirmEnrolment(user.id, code));
    const body = await finishSignIn(deps, req, res, user);
    res.json({
      success: true,
      message: twoFactorMessages.enabled,
      user: body,
      recoveryCodes,
    } satisfies EnrolledAtSignIn);
  });

  return router;
}

/** /api/auth/two-factor: the Security tab (signed in). */
function settingsRoutes(deps: TwoFactorRouteDeps): Router {
  const router = Router();
  const required = (req: Request) => twoFactorRequired(roleOf(req.user!), deps.requirement);

  router.get('/two-factor', requireUser, async (req, res) => {
    const state = await deps.twoFactor.state(req.user!.id);
    res.json({
      enabled: state.enabledAt !== undefined,
      enabledAt: state.enabledAt?.toISOString() ?? null,
      recoveryCodesLeft: state.recoveryCodesLeft,
      required: required(req),
    } satisfies TwoFactorStatus);
  });

  router.post('/two-factor/enrol', requireUser, async (req, res) => {
    const { id, username } = req.user!;
    const issuer = await issuerOf(deps, req.brandKey!);
    res.json((await refusing(() => deps.twoFactor.startEnrolment(id, issuer, username))) satisfies Enrolment);
  });

  router.post('/two-factor/confirm', requireUser, ...deps.limits.signedIn, async (req, res) => {
    const { code } = parseInput(confirmEnrolmentSchema, req.body);
    const userId = req.user!.id;
    const recoveryCodes = await refusing(() => deps.twoFactor.confirmEnrolment(userId, code));
    // Sessions signed in without a code end now; this one carries on, having just shown one.
    await deps.twoFactor.store.endSessions(userId);
    const user = await deps.accounts.users.findById(userId);
    if (user) {
      signIn(req, user, deps.clock);
      markSecondStepPassed(req);
    }
    res.json({ success: true, message: twoFactorMessages.enabled, recoveryCodes } satisfies RecoveryCodesAnswer);
  });

  router.post('/two-factor/disable', requireUser, ...deps.limits.signedIn, async (req, res) => {
    const { password, code } = parseInput(disableTwoFactorSchema, req.body);
    if (required(req)) {
      throw new HttpError(403, twoFactorMessages.requiredForRole, twoFactorErrorCodes.requiredForRole);
    }
    const user = req.user!;
    const checked = await deps.accounts.authenticate(req.brandKey!, user.username, password);
    if (checked?.id !== user.id) {
      throw new ValidationError(
        [{ path: 'password', message: twoFactorMessages.wrongPassword }],
        twoFactorMessages.wrongPassword,
      );
    }
    if (!(await deps.twoFactor.isEnabled(user.id))) notEnabled();
    if (!(await deps.twoFactor.verify(user.id, code))) invalidCodeField();
    await deps.twoFactor.disable(user.id);
    res.json({ success: true, message: twoFactorMessages.disabled } satisfies AuthAnswer);
  });

  router.post('/two-factor/recovery-codes', requireUser, ...deps.limits.signedIn, async (req, res) => {
    const { code } = parseInput(regenerateRecoveryCodesSchema, req.body);
    const userId = req.user!.id;
    if (!(await deps.twoFactor.isEnabled(userId))) notEnabled();
    if (!(await deps.twoFactor.verify(userId, code))) invalidCodeField();
    const recoveryCodes = await deps.twoFactor.regenerateRecoveryCodes(userId);
    res.json({
      success: true,
      message: twoFactorMessages.recoveryCodesRegenerated,
      recoveryCodes,
    } satisfies RecoveryCodesAnswer);
  });

  return router;
}

/** Mounted on /api/auth beside accounts/routes.ts. */
export function twoFactorRoutes(deps: TwoFactorRouteDeps): Router {
  const router = Router();
  router.use(secondStepRoutes(deps));
  router.use(settingsRoutes(deps));
  return router;
}
