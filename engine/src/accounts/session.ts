import { randomBytes } from 'node:crypto';
import cookieSession from 'cookie-session';
import type { Request, RequestHandler } from 'express';
import type { Clock } from '../clock.js';
import { requestBrandKey } from './brand.js';
import type { EndedSessions } from './ended-sessions.js';
import type { User, UserStore } from './users.js';

export const SESSION_COOKIE = 'contrail.session';
/** The cookie policy's "authentication 30 days" (seed 001 §9), enforced on the server too. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The signed-in user as every route sees it: no password hash, no session internals. */
export interface SignedInUser {
  id: string;
  /** The brand the account belongs to (a platform admin may be signed in on another). */
  brandKey: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Admin of its brand, or a platform admin. */
  isAdmin: boolean;
  /** Sees and manages every brand. */
  isPlatformAdmin: boolean;
  createdAt: Date;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set on /api requests by the accounts middleware when a valid session is present. */
      user?: SignedInUser;
      /** The brand of this /api request (see accounts/brand.ts). */
      brandKey?: string;
    }
  }
}

/** What the signed cookie holds. */
interface SessionData {
  uid: string;
  /** The brand it was made on: it works on that brand only. */
  brand: string;
  /** The user's session version when made: a password change ends older sessions. */
  ver: number;
  /** Absolute expiry, in milliseconds since the epoch. */
  exp: number;
  /** Fresh on every sign-in, so a cookie planted before sign-in is never the signed-in one. */
  nonce: string;
}

function readSession(session: unknown): SessionData | undefined {
  const data = session as Partial<SessionData> | null | undefined;
  if (!data || typeof data.uid !== 'string' || typeof data.brand !== 'string') return undefined;
  if (typeof data.ver !== 'number' || typeof data.exp !== 'number' || typeof data.nonce !== 'string') return undefined;
  return data as SessionData;
}

export function toSignedInUser(user: User): SignedInUser {
  return {
    id: user.id,
    brandKey: user.brandKey,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isAdmin: user.isAdmin || user.isPlatformAdmin,
    isPlatformAdmin: user.isPlatformAdmin,
    createdAt: user.createdAt,
  };
}

/**
 * cookie-session: signed (HMAC with SESSION_SECRET), httpOnly, SameSite=Lax, and Secure whenever
 * the request came over HTTPS (behind a proxy, TRUST_PROXY=true makes X-Forwarded-Proto count).
 */
export function sessionCookies(secret: string): RequestHandler[] {
  return [
    cookieSession({
      name: SESSION_COOKIE,
      keys: [secret],
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      maxAge: SESSION_TTL_MS,
      path: '/',
    }),
    (req, _res, next) => {
      req.sessionOptions.secure = req.secure;
      next();
    },
  ];
}

/**
 * Resolves the request's brand and, when the session is valid for it, its user. A session from
 * another brand is ignored (not cleared: one host may serve several brands via ?brand=);
 * an expired, logged-out or superseded one is cleared.
 */
export function loadSignedInUser(users: UserStore, ended: EndedSessions, clock: Clock): RequestHandler {
  return async (req, _res, next) => {
    const brandKey = requestBrandKey(req);
    req.brandKey = brandKey;
    const data = readSession(req.session);
    if (!data || data.brand !== brandKey) {
      next();
      return;
    }
    const live = data.exp > clock.now().getTime();
    const [user, loggedOut] = live ? await Promise.all([users.findById(data.uid), ended.has(data.nonce)]) : [];
    if (!user || loggedOut || user.sessionVersion !== data.ver) {
      req.session = null;
      next();
      return;
    }
    req.user = toSignedInUser(user);
    next();
  };
}

/** Starts a brand-new session for `user` on the request's brand, replacing whatever cookie came in. */
export function signIn(req: Request, user: User, clock: Clock): SignedInUser {
  const data: SessionData = {
    uid: user.id,
    brand: req.brandKey ?? requestBrandKey(req),
    ver: user.sessionVersion,
    exp: clock.now().getTime() + SESSION_TTL_MS,
    nonce: randomBytes(16).toString('base64url'),
  };
  req.session = { ...data };
  req.user = toSignedInUser(user);
  return req.user;
}

/** Clears the cookie and ends this session for good, so a copy of the cookie is refused too. */
export async function signOut(req: Request, ended: EndedSessions, clock: Clock): Promise<void> {
  const data = readSession(req.session);
  if (data) await ended.end(data.nonce, new Date(data.exp), clock.now());
  req.session = null;
  delete req.user;
}
