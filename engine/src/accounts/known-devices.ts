import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';

/** Kept for the cookie policy's "preference" lifetime (seed 001: 1 year). */
const DEVICE_COOKIE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

export interface KnownDevices {
  /** True when this browser has signed in to this account before (its device cookie says so). */
  isKnown(req: Request, username: string): boolean;
  /** After a successful sign-in: this browser is a known device of the account from now on. */
  remember(req: Request, res: Response, username: string): void;
}

/**
 * OWASP's device cookies, so an account's failed sign-in ceiling cannot lock its owner out: a
 * browser that has signed in to the account before carries an HMAC of (brand, username) and is
 * exempt from the per-account ceiling (it stays limited per address). Stateless: nothing stored.
 */
export function knownDevices(secret: string, alwaysSecure: boolean): KnownDevices {
  const tokenFor = (req: Request, username: string) =>
    createHmac('sha256', secret)
      .update(`known device\n${req.brandKey ?? ''}\n${username.trim().toLowerCase()}`)
      .digest('base64url');
  const secure = (req: Request) => req.secure || alwaysSecure;
  const nameFor = (req: Request) => (secure(req) ? '__Host-contrail.device' : 'contrail.device');
  return {
    isKnown(req, username) {
      const given = Buffer.from(readCookie(req, nameFor(req)) ?? '');
      const expected = Buffer.from(tokenFor(req, username));
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    remember(req, res, username) {
      res.cookie(nameFor(req), tokenFor(req, username), {
        httpOnly: true,
        secure: secure(req),
        sameSite: 'strict',
        path: '/',
        maxAge: DEVICE_COOKIE_MAX_AGE_MS,
      });
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
