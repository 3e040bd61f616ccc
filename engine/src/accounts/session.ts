import { randomBytes } from 'node:crypto';
import {
  mayBeSignedIn,
  SECURE_SIGNED_IN_HINT_COOKIE,
  SIGNED_IN_HINT_COOKIE,
} from '@contrail/shared/accounts/signed-in-hint';
import type { StaffScope } from '@contrail/shared/staff/roles';
import cookieSession from 'cookie-session';
import type { Request, RequestHandler, Response } from 'express';
import type { Clock } from '../clock.js';
import { requestBrandKey } from './brand.js';
import type { EndedSessions } from './ended-sessions.js';
import type { User, UserStore } from './users.js';

/**
 * The session cookie. `__Host-` (Secure, Path=/, no Domain: only this host can set or read it)
 * whenever the connection is HTTPS or NODE_ENV=production; the plain name only in development
 * over plain http, where browsers refuse a `__Host-` cookie.
 */
export const SESSION_COOKIE = '__Host-contrail.session';
export const DEVELOPMENT_SESSION_COOKIE = 'contrail.session';

export interface SessionPolicy {
  /** Signed out after this long without a request (sliding): SESSION_IDLE_TIMEOUT. */
  idleTimeoutMs: number;
  /** Signed out this long after signing in, whatever the activity: SESSION_ABSOLUTE_TIMEOUT. */
  absoluteTimeoutMs: number;
  /** Secure cookies even on plain http (NODE_ENV=production). */
  alwaysSecure: boolean;
}

/** The cookie policy's "authentication 30 days" (seed 001 §9) as the absolute limit; a day of inactivity. */
export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  idleTimeoutMs: 24 * 60 * 60 * 1000,
  absoluteTimeoutMs: 30 * 24 * 60 * 60 * 1000,
  alwaysSecure: false,
};

/** Activity moves the idle deadline at most this often, so most responses set no cookie. */
const ACTIVITY_GRANULARITY_MS = 60_000;

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
  /** The staff role and brands every admin route checks against the one policy; absent for travellers. */
  staff?: StaffScope;
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
  /** Absolute expiry, in milliseconds since the epoch: set at sign-in, never extended. */
  exp: number;
  /** When the user last proved their password (ms): sensitive actions ask for a recent one. */
  auth: number;
  /** Last activity (ms), for the inactivity timeout. */
  seen: number;
  /** Fresh on every sign-in, so a cookie planted before sign-in is never the signed-in one. */
  nonce: string;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function readSession(session: unknown): SessionData | undefined {
  const data = session as Partial<SessionData> | null | undefined;
  if (!data || typeof data.uid !== 'string' || typeof data.brand !== 'string') return undefined;
  if (!isNumber(data.ver) || !isNumber(data.exp) || !isNumber(data.auth) || !isNumber(data.seen)) return undefined;
  if (typeof data.nonce !== 'string') return undefined;
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
    isAdmin: user.staff !== undefined,
    isPlatformAdmin: user.staff?.role === 'platform-admin',
    ...(user.staff ? { staff: user.staff } : {}),
    createdAt: user.createdAt,
  };
}

const POLICY = Symbol('session policy');
type WithPolicy = Request & { [POLICY]?: SessionPolicy };
const policyOf = (req: Request) => (req as WithPolicy)[POLICY] ?? DEFAULT_SESSION_POLICY;

/** Secure cookie for this request: over HTTPS always, over plain http only in production. */
const wantsSecure = (req: Request, policy: SessionPolicy) => req.secure || policy.alwaysSecure;

/**
 * The `cookies` library refuses to set a Secure cookie on a plain-http request; in production we
 * want one anyway (browsers keep Secure cookies from http://localhost), so the flag is added to
 * our cookies just before the headers go out.
 */
function secureOverPlainHttp(res: Response): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
    const header = this.getHeader('Set-Cookie');
    if (Array.isArray(header)) {
      this.setHeader(
        'Set-Cookie',
        header.map((cookie) =>
          cookie.startsWith(`${SESSION_COOKIE}`) && !/;\s*secure/i.test(cookie) ? `${cookie}; secure` : cookie,
        ),
      );
    }
    return writeHead.apply(this, args);
  } as Response['writeHead'];
}

/**
 * Keeps the storefront's signed-in hint (shared/accounts/signed-in-hint.ts) in step with the
 * session as the answer leaves: set while someone is signed in, cleared once no session is left.
 * A session made on another brand stays (one host serves several brands with `?brand=`), and so
 * does the hint: a request on the default brand (no brand header) must not sign the tab out.
 */
function syncSignedInHint(req: Request, res: Response, secure: boolean): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
    const hinted = mayBeSignedIn(req.headers.cookie);
    const signedIn = req.user !== undefined;
    const sessionKept = signedIn || readSession(req.session) !== undefined;
    if ((signedIn && !hinted) || (!sessionKept && hinted)) {
      const name = secure ? SECURE_SIGNED_IN_HINT_COOKIE : SIGNED_IN_HINT_COOKIE;
      const maxAge = signedIn ? Math.floor(policyOf(req).absoluteTimeoutMs / 1000) : 0;
      const cookie = `${name}=${signedIn ? '1' : ''}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? '; Secure' : ''}`;
      const current = this.getHeader('Set-Cookie');
      const cookies = Array.isArray(current) ? current : current === undefined ? [] : [String(current)];
      this.setHeader('Set-Cookie', [...cookies, cookie]);
    }
    return writeHead.apply(this, args);
  } as Response['writeHead'];
}

/**
 * cookie-session: signed (HMAC with SESSION_SECRET), HttpOnly, SameSite=Lax, Path=/, and the
 * `__Host-` name with Secure whenever not plain-http development. Its lifetime is the session's
 * own (loadSignedInUser sets it from the idle and absolute deadlines).
 */
export function sessionCookies(secret: string, policy: SessionPolicy = DEFAULT_SESSION_POLICY): RequestHandler[] {
  const options = { keys: [secret], signed: true, httpOnly: true, sameSite: 'lax' as const, path: '/' };
  const secure = cookieSession({ ...options, name: SESSION_COOKIE });
  const plain = cookieSession({ ...options, name: DEVELOPMENT_SESSION_COOKIE });
  return [
    (req, res, next) => {
      (req as WithPolicy)[POLICY] = policy;
      syncSignedInHint(req, res, wantsSecure(req, policy));
      if (!wantsSecure(req, policy)) return plain(req, res, next);
      // Registered before cookie-session's own hook, so it runs after the cookie is written.
      if (!req.secure) secureOverPlainHttp(res);
      secure(req, res, () => {
        req.sessionOptions.secure = req.secure;
        next();
      });
    },
  ];
}

/** The cookie lives as long as the session may: the nearer of the idle and absolute deadlines. */
function writeSession(req: Request, data: SessionData, now: number): void {
  req.session = { ...data };
  req.sessionOptions.maxAge = Math.max(0, Math.min(data.exp, data.seen + policyOf(req).idleTimeoutMs) - now);
}

/**
 * Resolves the request's brand and, when the session is valid for it, its user. A session from
 * another brand is ignored (not cleared: one host may serve several brands via ?brand=); an
 * expired, idle, logged-out or superseded one is cleared. Activity slides the idle deadline.
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
    const now = clock.now().getTime();
    const live = data.exp > now && now - data.seen < policyOf(req).idleTimeoutMs;
    const [user, loggedOut] = live ? await Promise.all([users.findById(data.uid), ended.has(data.nonce)]) : [];
    if (!user || loggedOut || user.sessionVersion !== data.ver) {
      req.session = null;
      next();
      return;
    }
    if (now - data.seen >= ACTIVITY_GRANULARITY_MS) writeSession(req, { ...data, seen: now }, now);
    req.user = toSignedInUser(user);
    next();
  };
}

/** Starts a brand-new session for `user` on the request's brand, replacing whatever cookie came in. */
export function signIn(req: Request, user: User, clock: Clock): SignedInUser {
  const now = clock.now().getTime();
  writeSession(
    req,
    {
      uid: user.id,
      brand: req.brandKey ?? requestBrandKey(req),
      ver: user.sessionVersion,
      exp: now + policyOf(req).absoluteTimeoutMs,
      auth: now,
      seen: now,
      nonce: randomBytes(16).toString('base64url'),
    },
    now,
  );
  req.user = toSignedInUser(user);
  return req.user;
}

/**
 * A new cookie for the same session (POST /api/admin/login): a fresh id, the old one ended, but
 * the same absolute expiry and sign-in time, so refreshing never makes a session outlive its limit.
 */
export async function refreshSession(req: Request, user: User, ended: EndedSessions, clock: Clock): Promise<void> {
  const data = readSession(req.session);
  if (!data) return;
  const now = clock.now().getTime();
  await ended.end(data.nonce, new Date(data.exp), clock.now());
  writeSession(
    req,
    { ...data, ver: user.sessionVersion, seen: now, nonce: randomBytes(16).toString('base64url') },
    now,
  );
  req.user = toSignedInUser(user);
}

/** When the user of this session last signed in with their password (undefined when signed out). */
export function signedInAt(req: Request): Date | undefined {
  const data = readSession(req.session);
  return data ? new Date(data.auth) : undefined;
}

/** Clears the cookie and ends this session for good, so a copy of the cookie is refused too. */
export async function signOut(req: Request, ended: EndedSessions, clock: Clock): Promise<void> {
  const data = readSession(req.session);
  if (data) await ended.end(data.nonce, new Date(data.exp), clock.now());
  req.session = null;
  delete req.user;
}
