import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Clock } from '../clock.js';
import type { SqlExecutor } from '../storage/sql.js';

/** Kept for the cookie policy's "preference" lifetime (seed 001: 1 year). */
const DEVICE_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

export interface KnownDevices {
  /** True when this browser carries a current device token of this account (brand signed in on, and username). */
  isKnown(req: Request, username: string): Promise<boolean>;
  /** After a successful sign-in: a new token for this browser, replacing the one it carried for the user. */
  remember(req: Request, res: Response, userId: string): Promise<void>;
  /** No browser of the user is known any more (a password change, or the user asks). */
  forgetAll(userId: string): Promise<void>;
}

/** Only a hash is stored: the table alone exempts nobody. 32 random bytes need no salt or stretching. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');
const newToken = () => randomBytes(32).toString('base64url');

/**
 * OWASP's device cookies, so an account's failed sign-in ceiling cannot lock its owner out: a
 * browser that has signed in to the account carries a random token of its own, stored hashed
 * with its user, and is exempt from the per-account ceiling (it stays limited per address). The
 * token changes at every sign-in that uses it, so a copied cookie works once at most; a password
 * change forgets every browser of the user. A guessed, stale or another account's token exempts nothing.
 */
export function knownDevices(sql: SqlExecutor, clock: Clock, alwaysSecure: boolean): KnownDevices {
  const secure = (req: Request) => req.secure || alwaysSecure;
  const nameFor = (req: Request) => (secure(req) ? '__Host-contrail.device' : 'contrail.device');
  const tokenOf = (req: Request) => readCookie(req, nameFor(req));
  const lifetimeFrom = (now: Date) => new Date(now.getTime() + DEVICE_LIFETIME_MS);

  /** The browser's token becomes `token`; false when the one it carried is not a current one of this user. */
  const rotated = async (carried: string, token: string, userId: string) => {
    const now = clock.now();
    const { rowCount } = await sql.query(
      `UPDATE known_devices SET token_hash = $1, last_used_at = $2, expires_at = $3
       WHERE token_hash = $4 AND user_id = $5 AND expires_at > $2`,
      [hashOf(token), now, lifetimeFrom(now), hashOf(carried), userId],
    );
    return rowCount > 0;
  };
  /** A new known browser of the user (the user's expired ones are dropped meanwhile). */
  const added = async (token: string, userId: string, brandKey: string) => {
    const now = clock.now();
    await sql.query('DELETE FROM known_devices WHERE user_id = $1 AND expires_at <= $2', [userId, now]);
    await sql.query(
      `INSERT INTO known_devices (token_hash, user_id, brand_key, created_at, last_used_at, expires_at)
       VALUES ($1, $2, $3, $4, $4, $5)`,
      [hashOf(token), userId, brandKey, now, lifetimeFrom(now)],
    );
  };
  return {
    async isKnown(req, username) {
      const token = tokenOf(req);
      if (!token) return false;
      const { rowCount } = await sql.query(
        `SELECT 1 FROM known_devices d JOIN users u ON u.id = d.user_id
         WHERE d.token_hash = $1 AND d.brand_key = $2 AND lower(u.username) = $3 AND d.expires_at > $4`,
        [hashOf(token), req.brandKey ?? '', username.trim().toLowerCase(), clock.now()],
      );
      return rowCount > 0;
    },
    async remember(req, res, userId) {
      const token = newToken();
      const carried = tokenOf(req);
      if (!(carried && (await rotated(carried, token, userId)))) await added(token, userId, req.brandKey ?? '');
      res.cookie(nameFor(req), token, {
        httpOnly: true,
        secure: secure(req),
        sameSite: 'strict',
        path: '/',
        maxAge: DEVICE_LIFETIME_MS,
      });
    },
    async forgetAll(userId) {
      await sql.query('DELETE FROM known_devices WHERE user_id = $1', [userId]);
    },
  };
}

function readCookie(req: Request, name: string): string | undefined {
  for (const pair of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
