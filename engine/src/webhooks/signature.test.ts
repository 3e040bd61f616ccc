import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedHeaders, verifyWebhook, webhookSignature } from './signature.js';

const secret = 'whsec_test';
const body = '{"id":"evt_1","type":"booking.confirmed"}';

describe('webhook signatures', () => {
  it('are the hex HMAC-SHA-256 of "timestamp.body", as the README documents', () => {
    const expected = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(webhookSignature(secret, 1_700_000_000, body)).toBe(`v1=${expected}`);
    expect(signedHeaders(secret, 'evt_1', 1_700_000_000, body)).toEqual({
      'Contrail-Webhook-Id': 'evt_1',
      'Contrail-Webhook-Timestamp': '1700000000',
      'Contrail-Webhook-Signature': `v1=${expected}`,
    });
  });

  it('verify with the right secret, timestamp and body only, within five minutes', () => {
    const headers = { timestamp: '1700000000', signature: webhookSignature(secret, 1_700_000_000, body) };
    expect(verifyWebhook(secret, headers, body, 1_700_000_100)).toBe(true);
    expect(verifyWebhook('whsec_other', headers, body, 1_700_000_100)).toBe(false);
    expect(verifyWebhook(secret, headers, `${body} `, 1_700_000_100)).toBe(false);
    expect(verifyWebhook(secret, { ...headers, timestamp: '1700000001' }, body, 1_700_000_100)).toBe(false);
    expect(verifyWebhook(secret, headers, body, 1_700_000_301)).toBe(false);
  });
});
