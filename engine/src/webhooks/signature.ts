import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_HEADERS } from '@contrail/shared/webhooks/webhooks';

/** A new endpoint secret: 32 random bytes, shown once. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** `v1=` and the hex HMAC-SHA-256 of `${timestamp}.${body}` keyed with the endpoint's secret. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The headers of one delivery attempt; `timestamp` is in Unix seconds. */
export function signedHeaders(secret: string, eventId: string, timestamp: number, body: string) {
  return {
    [WEBHOOK_HEADERS.id]: eventId,
    [WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [WEBHOOK_HEADERS.signature]: webhookSignature(secret, timestamp, body),
  };
}

/**
 * What a receiver does (the README's snippet, kept as code so a test holds it): the signature
 * matches and the timestamp is within `toleranceS` of now.
 */
export function verifyWebhook(
  secret: string,
  headers: { timestamp: string; signature: string },
  body: string,
  nowS: number,
  toleranceS = 300,
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(nowS - timestamp) > toleranceS) return false;
  const expected = Buffer.from(webhookSignature(secret, timestamp, body));
  const given = Buffer.from(headers.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
