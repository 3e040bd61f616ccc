/// <reference types="node" />
/**
 * Issue 32's webhooks in real Chromium against the real engine (in-process jobs): an admin adds an
 * endpoint (a test server here, allowed by WEBHOOKS_ALLOW_PRIVATE) on the Webhooks page, copies the
 * secret shown once, a booking is confirmed (its event recorded in the event store), the endpoint
 * receives the signed booking.confirmed, the delivery log says so, and "Send again" sends the same
 * event id once more. The page is looked at 1280 and 390 px wide ($CONTRAIL_SCREENSHOTS keeps shots).
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumAvailable,
  ensureStorefrontBuild,
  launchChromium,
  startStorefrontEngine,
  type StorefrontEngine,
} from './support/storefront-engine';
import { signInFirstAdmin } from './support/admin-sign-in';
import { resizeTo } from './support/viewport';
import { scaled } from '@contrail/shared/test-support/time-scale';

const chromiumThere = chromiumAvailable('the webhooks browser test');
const shots = process.env.CONTRAIL_SCREENSHOTS;

interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
}

let engine: StorefrontEngine | undefined;
let browser: Browser;
let receiver: Server;
const received: Received[] = [];

describe.runIf(chromiumThere)('webhooks in the browser', () => {
  beforeAll(async () => {
    await ensureStorefrontBuild();
    engine = await startStorefrontEngine('webhooks-engine', {
      SANDBOXES_ENABLED: 'true',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    });
    browser = await launchChromium();
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({
          id: String(req.headers['contrail-webhook-id']),
          timestamp: String(req.headers['contrail-webhook-timestamp']),
          signature: String(req.headers['contrail-webhook-signature']),
          body,
        });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  }, scaled(240_000));

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
    await engine?.close();
  });

  it(
    'adds an endpoint, shows its secret once, delivers a signed booking.confirmed and sends it again',
    async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      page.setDefaultTimeout(scaled(20_000));
      await signInFirstAdmin(page.request, engine!.baseUrl, engine!.dataDir);
      await page.goto(`${engine!.baseUrl}/admin/webhooks`);
      await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
      await page.getByText('No endpoints yet: add one above.').waitFor();

      const { port } = receiver.address() as { port: number };
      const url = `http://127.0.0.1:${port}/hooks`;
      await page.getByLabel('Endpoint URL').fill(url);
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const secret = (await page.getByLabel('Secret').textContent())!.trim();
      expect(secret).toMatch(/^whsec_/);
      for (const width of [1280, 390]) {
        await resizeTo(page, width, width === 390 ? 844 : 900);
        if (shots) await page.screenshot({ path: path.join(shots, `webhooks-secret-${width}.png`), fullPage: true });
      }
      await resizeTo(page, 1280, 900);
      await page.getByRole('button', { name: 'I have saved it' }).click();
      await page.getByRole('heading', { name: url }).waitFor();

      // A booking of the default brand is confirmed: its event is recorded, as the saga records it.
      const eventId = randomUUID();
      const at = new Date().toISOString();
      await engine!.runtime.deps.eventStore.append(
        `booking-${randomUUID()}`,
        [
          {
            type: 'BookingConfirmed',
            data: { orderId: 'ord_webhooks', bookingReference: 'HOOK01', at },
            metadata: {
              eventId,
              correlationId: 'e2e',
              causationId: null,
              actor: 'test',
              brand: 'default',
              timestamp: at,
            },
          },
        ],
        'no_stream',
      );
      await expect.poll(() => received.length, { timeout: scaled(60_000), interval: 200 }).toBeGreaterThanOrEqual(1);
      const first = received[0]!;
      expect(first.id).toBe(eventId);
      expect(JSON.parse(first.body)).toMatchObject({ id: eventId, type: 'booking.confirmed', brand: 'default' });
      const expected = createHmac('sha256', secret).update(`${first.timestamp}.${first.body}`).digest('hex');
      expect(first.signature).toBe(`v1=${expected}`);

      await page.getByRole('button', { name: 'Deliveries' }).click();
      const log = page.getByRole('list', { name: 'Deliveries' });
      await log
        .getByText(/delivered/)
        .first()
        .waitFor();
      for (const width of [1280, 390]) {
        await resizeTo(page, width, width === 390 ? 844 : 900);
        if (shots) await page.screenshot({ path: path.join(shots, `webhooks-log-${width}.png`), fullPage: true });
      }
      await log.getByRole('button', { name: 'Send again' }).click();
      await expect.poll(() => received.length, { timeout: scaled(60_000), interval: 200 }).toBeGreaterThanOrEqual(2);
      expect(received[1]!.id).toBe(eventId);
      expect(received[1]!.body).toBe(first.body);
    },
    scaled(180_000),
  );
});
