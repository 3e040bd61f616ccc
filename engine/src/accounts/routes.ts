import {
  accountMessages,
  changePasswordSchema,
  loginSchema,
  registerSchema,
  type AuthAnswer,
  type CurrentUser,
  type RegisterInput,
  type SignedInAnswer,
} from '@contrail/shared';
import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import type { BrandDirectory } from '../brands/brand-directory.js';
import type { Clock } from '../clock.js';
import { HttpError, parseInput, ValidationError } from '../http/errors.js';
import type { Accounts } from './accounts.js';
import type { EndedSessions } from './ended-sessions.js';
import { requireUser } from './guards.js';
import { isCommonPassword } from './common-passwords.js';
import type { KnownDevices } from './known-devices.js';
import type { AuthRateLimits } from './rate-limits.js';
import { signIn, signOut, toSignedInUser, type SignedInUser } from './session.js';
import type { RegistrationNotice } from './registration-notice.js';
import { markSecondStepPassed, passedSecondStep } from './two-factor/pending-sign-in.js';
import type { LoginSecondStep } from './two-factor/login-step.js';
import { DuplicateUserError } from './users.js';

export const authMessages = {
  invalidCredentials: 'Invalid username or password',
  usernameTaken: 'Username already exists',
  wrongCurrentPassword: 'Current password is incorrect',
  passwordUpdated: 'Your password has been updated',
  devicesForgotten: 'No browser is remembered for your account now; each is again once it signs in',
} as const;

/** GET /api/auth/user's body (seed 001 §3: firstName, lastName, username, email, isAdmin, createdAt). */
export function currentUserBody(user: SignedInUser): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isAdmin: user.isAdmin,
    ...(user.staff && { staff: { role: user.staff.role, brands: [...user.staff.brands] } }),
    createdAt: user.createdAt.toISOString(),
  };
}

/** Refuses the 10,000 most common passwords, as a field error like the schema's own. */
function refuseCommonPassword(field: 'password' | 'newPassword', password: string): void {
  if (!isCommonPassword(password)) return;
  const message = accountMessages.passwordTooCommon;
  throw new ValidationError([{ path: field, message }], message);
}

/**
 * What registration answers when the email already has an account on this brand: the same as a
 * new account (after the same hashing work), so the answer never tells whether an email is known.
 */
function lookalikeRegistration(input: RegisterInput, now: Date): CurrentUser {
  return {
    id: randomUUID(),
    username: input.username,
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    isAdmin: false,
    createdAt: now.toISOString(),
  };
}

/** Accounts belong to their brand: none is made on a brand that does not exist or is disabled. */
async function refuseUnknownBrand(brands: BrandDirectory, brandKey: string): Promise<void> {
  if (await brands.find(brandKey)) return;
  throw new HttpError(400, `There is no brand ${brandKey} to register on`, 'UNKNOWN_BRAND');
}

/** /api/auth: the calls of seed 001 §7. */
export function authRoutes(
  accounts: Accounts,
  brands: BrandDirectory,
  ended: EndedSessions,
  limits: AuthRateLimits,
  devices: KnownDevices,
  clock: Clock,
  tellOwnerOfRegistration?: RegistrationNotice,
  secondStep?: LoginSecondStep,
): Router {
  const router = Router();

  router.post('/register', ...limits.register, async (req, res) => {
    const input = parseInput(registerSchema, req.body);
    refuseCommonPassword('password', input.password);
    await refuseUnknownBrand(brands, req.brandKey!);
    const registered = (user: CurrentUser) =>
      res.status(201).json({ success: true, message: 'Registration successful', user } satisfies SignedInAnswer);
    try {
      registered(currentUserBody(toSignedInUser(await accounts.register(req.brandKey!, input))));
    } catch (error) {
      if (!(error instanceof DuplicateUserError)) throw error;
      // A username is public and chosen by the person: saying it is taken tells nothing private.
      if (error.field === 'email') {
        const owner = await accounts.users.findByEmail(req.brandKey!, input.email);
        if (owner) await tellOwnerOfRegistration?.(owner);
        return registered(lookalikeRegistration(input, clock.now()));
      }
      const message = authMessages.usernameTaken;
      throw new HttpError(409, message, 'DUPLICATE_USER', { errors: [{ path: error.field, message }] });
    }
  });

  router.post('/login', ...limits.signIn, async (req, res) => {
    const { username, password } = parseInput(loginSchema, req.body);
    const user = await accounts.authenticate(req.brandKey!, username, password);
    if (!user) throw new HttpError(401, authMessages.invalidCredentials, 'INVALID_CREDENTIALS');
    const pending = await secondStep?.(req, user);
    if (pending) return void res.json(pending);
    const signedIn = signIn(req, user, clock);
    await devices.remember(req, res, user.id);
    res.json({ success: true, message: 'Login successful', user: currentUserBody(signedIn) } satisfies SignedInAnswer);
  });

  router.post('/logout', async (req, res) => {
    await signOut(req, ended, clock);
    res.json({ success: true, message: 'Logged out' } satisfies AuthAnswer);
  });

  router.get('/user', requireUser, (req, res) => {
    res.json(currentUserBody(req.user!));
  });

  router.post('/change-password', requireUser, ...limits.changePassword, async (req, res) => {
    const { currentPassword, newPassword } = parseInput(changePasswordSchema, req.body);
    refuseCommonPassword('newPassword', newPassword);
    const user = await accounts.changePassword(req.user!.id, currentPassword, newPassword);
    if (!user) {
      const message = authMessages.wrongCurrentPassword;
      throw new ValidationError([{ path: 'currentPassword', message }], message);
    }
    // This session carries on under the new version; every other one is over, and no browser is
    // known any more: each is exempt from the sign-in ceiling again once it signs in with the new password.
    await devices.forgetAll(user.id);
    const passed = passedSecondStep(req);
    signIn(req, user, clock);
    if (passed) markSecondStepPassed(req);
    res.json({ success: true, message: authMessages.passwordUpdated } satisfies AuthAnswer);
  });

  /** Forgets every browser of the user (settings or support, after a lost or shared device). */
  router.delete('/known-devices', requireUser, async (req, res) => {
    await devices.forgetAll(req.user!.id);
    res.json({ success: true, message: authMessages.devicesForgotten } satisfies AuthAnswer);
  });

  return router;
}
