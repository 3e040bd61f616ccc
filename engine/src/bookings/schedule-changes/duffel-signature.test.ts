import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkDuffelSignature, SIGNATURE_TOLERANCE_MS } from './duffel-signature.js';

const secret = 'whsec_test_0123456789abcdef';
const body = Buffer.from('{"id":"wev_1","type":"order.airline_initiated_change_detected"}');
const now = new Date('2026-11-29T11:00:00.000Z');
const t = Math.floor(now.getTime() / 1000);
/** Signed as Duffel documents it (and as its Ruby client checks it): HMAC-SHA256 of "t.body", hex. */
const signed = (timestamp = t, key = secret, payload = body) =>
  `t=${timestamp},v1=${createHmac('sha256', key).update(`${timestamp}.${payload.toString()}`).digest('hex')}`;

describe("Duffel's webhook signature", () => {
  it('accepts a signature of the raw body with the secret', () => {
    expect(checkDuffelSignature(secret, body, signed(), now)).toEqual({ ok: true });
  });

  it('refuses another secret, another body, a missing or malformed header', () => {
    expect(checkDuffelSignature(secret, body, signed(t, 'another-secret-entirely'), now).ok).toBe(false);
    expect(checkDuffelSignature(secret, Buffer.from(`${body.toString()} `), signed(), now).ok).toBe(false);
    expect(checkDuffelSignature(secret, body, undefined, now)).toEqual({
      ok: false,
      reason: 'The X-Duffel-Signature header is missing or malformed',
    });
    expect(checkDuffelSignature(secret, body, 'v1=abc,t=1', now).ok).toBe(false);
    expect(checkDuffelSignature(secret, body, `t=${t},v1=${'0'.repeat(63)}`, now).ok).toBe(false);
  });

  it('refuses a replay older than the tolerance, with the right signature', () => {
    const old = t - SIGNATURE_TOLERANCE_MS / 1000 - 1;
    expect(checkDuffelSignature(secret, body, signed(old), now)).toEqual({
      ok: false,
      reason: 'The signature is too old',
    });
  });
});
