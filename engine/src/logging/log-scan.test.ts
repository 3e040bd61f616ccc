import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type ServerHandle } from '../test-support/processes.js';
import { migratedDataDir } from '../test-support/sql-templates.js';
import { isLuhnValid } from './card-numbers.js';
import { findLeaks } from './leaks.js';
import { scrubUrl } from './scrub.js';
import { scaled } from '@contrail/shared/test-support/time-scale';

const CARD = '4242424242424242';
const EMAIL = 'jane.traveller@example.com';
/** The shapes issue 39 found in the logs. */
const CARD_SHAPES = [
  `${CARD}a`,
  'card4000056655665556',
  '4242.4242.4242.4242',
  '4242_4242_4242_4242',
  '4242/4242/4242/4242',
  '4242  4242  4242  4242',
  '4242\u200b4242\u200b4242\u200b4242',
];

describe('the leak scanner', () => {
  it('finds Luhn-valid card numbers and emails, not other numbers or redacted values', () => {
    expect(isLuhnValid(CARD)).toBe(true);
    expect(findLeaks(`card ${CARD} and 4000 0566 5566 5556, mail ${EMAIL}`)).toEqual([
      CARD,
      '4000 0566 5566 5556',
      EMAIL,
    ]);
    expect(findLeaks('"time":1795424092140 [Redacted] id 16085792-6748-4399-8f1c-0123456789ab ord_0000123')).toEqual(
      [],
    );
  });

  it('finds card numbers touching letters, and apart by dots, underscores, slashes, double or zero-width spaces', () => {
    for (const shape of CARD_SHAPES) expect(findLeaks(`"url":"/api/x/${shape}"`), shape).toHaveLength(1);
  });

  it('scrubs URLs: paths, query values and sensitive parameters, also percent-encoded', () => {
    expect(scrubUrl(`/api/bookings/lookup?reference=ABC123&email=jane%40example.com`)).toBe(
      '/api/bookings/lookup?reference=ABC123&email=[Redacted]',
    );
    expect(scrubUrl(`/api/x/${CARD}?number=${CARD}&password=hunter2&q=a+b`)).toBe(
      '/api/x/[Redacted]?number=[Redacted]&password=[Redacted]&q=a b',
    );
    expect(findLeaks(scrubUrl(`/p?cardNumber=4242+4242+4242+4242&to=${encodeURIComponent(EMAIL)}`))).toEqual([]);
  });
});

/** A real engine at debug level, fed card numbers and emails in every part of its requests. */
describe("an engine's own log output", () => {
  let engine: ServerHandle;
  let dataDir: string | undefined;
  beforeAll(async () => {
    dataDir = await migratedDataDir('log-scan');
    engine = await startEngine({ env: { NODE_ENV: 'test', LOG_LEVEL: 'debug', DATA_DIR: dataDir } });
  }, scaled(90_000));
  afterAll(async () => {
    await engine?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'holds no card number and no email, wherever they came in',
    async () => {
      const json = { 'Content-Type': 'application/json' };
      await fetch(`${engine.url}/api/bookings/lookup?reference=ABC123&email=${encodeURIComponent(EMAIL)}`);
      await fetch(`${engine.url}/api/flights/offer/${CARD}?card=${CARD}&email=${EMAIL}`);
      await fetch(`${engine.url}/api/nothing/${encodeURIComponent(EMAIL)}`);
      await fetch(`${engine.url}/api/auth/login`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ username: EMAIL, password: CARD }),
      });
      await fetch(`${engine.url}/api/auth/register`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          username: 'jane',
          email: EMAIL,
          firstName: 'Jane',
          lastName: CARD,
          password: 'long-enough-pw',
        }),
      });
      await fetch(`${engine.url}/api/payments/process-card`, {
        method: 'POST',
        headers: { ...json, Referer: `https://example.com/?email=${EMAIL}` },
        body: JSON.stringify({
          offerId: 'off_x',
          amount: 1,
          currency: 'USD',
          cardDetails: { number: CARD, cvv: '123' },
        }),
      });
      for (const shape of CARD_SHAPES) {
        await fetch(`${engine.url}/api/flights/offer/${encodeURIComponent(shape)}?q=${encodeURIComponent(shape)}`);
      }
      // Those a request id may hold (one with spaces or other characters is replaced anyway).
      for (const id of [`${CARD}a`, 'card4000056655665556', '4242.4242.4242.4242', '4242_4242_4242_4242']) {
        const answer = await fetch(`${engine.url}/api/nothing`, { headers: { 'X-Request-Id': id } });
        expect(findLeaks(answer.headers.get('X-Request-Id') ?? '')).toEqual([]);
      }
      await engine.stop();
      const output = engine.output();
      expect(output).toContain('request completed');
      expect(findLeaks(output)).toEqual([]);
    },
    scaled(60_000),
  );
});
