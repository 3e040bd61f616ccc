import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { shareTokenSchema } from '@contrail/shared/booking/trip-share';

/** A new link's token: the booking id, then 256 random bits (base64url). */
export const newShareToken = (bookingId: string) => `${bookingId}.${randomBytes(32).toString('base64url')}`;

/** What is stored: the token's SHA-256, hex. The token itself is shown once and never kept. */
export const shareTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The booking a well-formed token names; undefined for anything else. */
export function bookingIdOfToken(token: string): string | undefined {
  if (!shareTokenSchema.safeParse(token).success) return undefined;
  return token.slice(0, token.lastIndexOf('.'));
}

/** Does the token match the stored hash? Compared in constant time. */
export function tokenMatches(token: string, storedHash: string): boolean {
  const given = Buffer.from(shareTokenHash(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
