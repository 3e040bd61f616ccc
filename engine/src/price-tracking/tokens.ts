import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The secret an alert's emailed links carry (confirm, unsubscribe): a MAC of the alert's id under a
 * key derived from the engine's master key, so the job can write it again in every email and
 * nothing secret is recorded.
 */
export const linkToken = (linkKey: Buffer, trackingId: string) =>
  createHmac('sha256', linkKey).update(`price-tracking:${trackingId}`).digest('base64url');

export function linkTokenMatches(linkKey: Buffer, trackingId: string, token: string): boolean {
  const expected = Buffer.from(linkToken(linkKey, trackingId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The links' key, derived (not the master key itself, which seals personal data). */
export const priceTrackingLinkKey = (masterKey: Buffer) =>
  createHmac('sha256', masterKey).update('contrail price-tracking links').digest();
