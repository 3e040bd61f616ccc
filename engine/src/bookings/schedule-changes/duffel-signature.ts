import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a signature's timestamp may be from our clock: older deliveries are replays. */
export const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

const SIGNATURE = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/;

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

/**
 * Duffel's webhook signature (X-Duffel-Signature: `t=<unix seconds>,v1=<hex HMAC-SHA256>` of
 * "`t`.`raw body`" with the webhook's secret, as Duffel's own client libraries check it), on the
 * raw body as received, compared in constant time, and refused when its timestamp is stale.
 */
export function checkDuffelSignature(
  secret: string,
  rawBody: Buffer,
  header: string | undefined,
  now: Date,
): SignatureCheck {
  const match = SIGNATURE.exec(header?.trim() ?? '');
  if (!match) return { ok: false, reason: 'The X-Duffel-Signature header is missing or malformed' };
  const [, timestamp, given] = match as unknown as [string, string, string];
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex')))
    return { ok: false, reason: 'The signature does not match' };
  if (Math.abs(now.getTime() - Number(timestamp) * 1000) > SIGNATURE_TOLERANCE_MS)
    return { ok: false, reason: 'The signature is too old' };
  return { ok: true };
}
