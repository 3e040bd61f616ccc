/**
 * Issue 32's "Done when", from a clean clone: the engine as `npm start` runs it on an empty data
 * directory (embedded storage, in-process jobs, the sandboxes), every role in one process. An admin
 * sets a route rule for a brand, a traveller books under it, the revenue API and
 * `contrail revenue --csv` show that booking's margin to the cent, a webhook endpoint (a test server)
 * receives the signed booking.confirmed, and the cancellation's refund and fee kept appear on both.
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp, createLogger, createRuntime, loadConfig, type Runtime } from '@contrail/engine';
import { eventually } from '@contrail/engine/testing';
import type { FlightOffer } from '@contrail/shared';
import { revenueReportSchema, type RevenueReport } from '@contrail/shared/admin/revenue';
import { isInternationalOffer } from '@contrail/shared/booking/international';
import { decimalAmount, toMinorUnits } from '@contrail/shared/booking/money';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliHarness } from './test-support/cli-harness.js';

interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
}

/** A brand the embedded engine seeds on its first start, which keeps its markup on a refund. */
const BRAND = 'nordlys';

/** The route rule the admin sets: 10 % and 15.00 per booking on flights within the US. */
const RULE = {
  id: 'us-domestic',
  name: 'Within the US',
  percent: 10,
  fixed: 15,
  per: 'booking',
  match: { origin: 'US', destination: 'US' },
} as const;

/**
 * What the rule charges on a provider amount (minor units of a 2-decimal currency), rounded up to
 * whole units, worked out here in integers (hundredths of a cent) rather than by the code under test.
 */
const underRule = (provider: number) =>
  Math.ceil((provider * (100 + RULE.percent) + RULE.fixed * 100 * 100) / (100 * 100)) * 100;

/** A fetch that keeps one party's cookies, as a browser would. */
function party(baseUrl: string, brandKey = 'default') {
  const cookies = new Map<string, string>();
  return async (pathname: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const response = await fetch(`${baseUrl}${pathname}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        'X-Brand-Key': brandKey,
        ...(init.body !== undefined && { 'Content-Type': 'application/json' }),
        ...(cookies.size > 0 && { Cookie: [...cookies.values()].join('; ') }),
        ...init.headers,
      },
      ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
    });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      cookies.set(pair.split('=')[0]!, pair);
    }
    const text = await response.text();
    return {
      status: response.status,
      text,
      body: (text.startsWith('{') ? JSON.parse(text) : {}) as Record<string, unknown>,
    };
  };
}

/** Up to two minutes for what the engine does after answering (jobs, projections, webhooks). */
const JOURNEY_WAIT_MS = 120_000;

describe('issue 32 done when: a route rule, a booking under it, its margin, its webhook, its cancellation', () => {
  let dataDir: string;
  let runtime: Runtime | undefined;
  let server: Server | undefined;
  let receiver: Server;
  let baseUrl: string;
  const received: Received[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'contrail-revenue-journey-'));
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SANDBOXES_ENABLED: 'true',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      TWO_FACTOR_REQUIRED: 'nobody',
    });
    runtime = await createRuntime(config, createLogger({ level: 'warn', name: 'revenue-journey' }));
    const listening = createApp(runtime.deps).listen(0, '127.0.0.1');
    server = listening;
    await new Promise<void>((resolve, reject) => listening.once('listening', resolve).once('error', reject));
    await runtime.start(new Set(['engine', 'worker', 'projector'] as const));
    const { port } = listening.address() as AddressInfo;
    runtime.deps.selfUrl?.listening('127.0.0.1', port);
    baseUrl = `http://127.0.0.1:${port}`;

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
    await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    await runtime?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A refundable economy flight within the US, 40 days ahead, for one adult. */
  async function domesticOffer(): Promise<FlightOffer> {
    const departureDate = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const offers = await runtime!.deps.flights!.search({
      origin: 'JFK',
      destination: 'LAX',
      departureDate,
      cabinClass: 'economy',
      adultsCount: 1,
      childrenCount: 0,
      infantsCount: 0,
    } as never);
    const offer = offers.find((one) => !isInternationalOffer(one) && one.conditions.refund_before_departure?.allowed);
    expect(offer, 'a refundable domestic offer').toBeDefined();
    return offer!;
  }

  it(
    'shows the booking’s margin to the cent on the API and the CLI, delivers the signed webhook, and the cancellation’s refund and fee kept',
    async () => {
      // The admin the engine created on its first start signs in, sets the rule and subscribes an endpoint.
      const admin = party(baseUrl);
      const password = readFileSync(path.join(dataDir, 'initial-admin-password'), 'utf8').trim();
      expect((await admin('/api/auth/login', { body: { username: 'admin', password } })).status).toBe(200);
      const brand = await admin(`/api/admin/brands/${BRAND}`);
      expect(brand.status, brand.text).toBe(200);
      const current = brand.body.pricing as { rules: unknown[] };
      const pricing = { ...current, rules: [RULE, ...current.rules] };
      const set = await admin(`/api/admin/brands/${BRAND}/pricing`, {
        method: 'PUT',
        body: { pricing, reason: 'Domestic fares: ticket OPS-32' },
      });
      expect(set.status, set.text).toBe(200);
      const { port } = receiver.address() as AddressInfo;
      const endpoint = await admin('/api/admin/webhooks', {
        body: {
          url: `http://127.0.0.1:${port}/hooks`,
          brand: BRAND,
          events: ['booking.confirmed', 'booking.cancelled', 'refund.issued'],
        },
      });
      expect(endpoint.status, endpoint.text).toBe(201);
      const secret = String(endpoint.body.secret);

      // A traveller books under the rule, paying what the brand's pages show.
      const offer = await domesticOffer();
      const provider = toMinorUnits(offer.total_amount, offer.total_currency);
      const price = underRule(provider);
      const currency = offer.total_currency;
      const amount = price / 100;
      const traveller = party(baseUrl, BRAND);
      const registered = await traveller('/api/auth/register', {
        body: {
          username: 'jane',
          email: 'jane.traveller@example.com',
          firstName: 'Jane',
          lastName: 'Traveller',
          password: 'a-Password-1!',
        },
      });
      expect(registered.status, registered.text).toBe(201);
      const signedIn = await traveller('/api/auth/login', { body: { username: 'jane', password: 'a-Password-1!' } });
      expect(signedIn.status, signedIn.text).toBe(200);
      const card = {
        number: '4242 4242 4242 4242',
        expiryMonth: '12',
        expiryYear: '34',
        cvv: '123',
        holderName: 'Jane Traveller',
      };
      const paid = await traveller('/api/payments/process-card', {
        body: { offerId: offer.id, amount, currency, cardDetails: card },
      });
      expect(paid.status, paid.text).toBe(200);
      const booked = await traveller('/api/bookings', {
        headers: { 'Idempotency-Key': 'revenue-journey-1' },
        body: {
          offerId: offer.id,
          paymentId: paid.body.paymentId,
          paymentDetails: { amount, currency, cardDetails: { holderName: 'Jane Traveller' } },
          passengers: [
            {
              id: 'p1',
              type: 'adult',
              title: 'ms',
              firstName: 'Jane',
              lastName: 'Traveller',
              gender: 'female',
              dateOfBirth: '1990-04-12',
              email: 'jane.traveller@example.com',
              phone: '+1 212 555 0100',
            },
          ],
        },
      });
      expect([201, 202], booked.text).toContain(booked.status);
      const bookingId = String(booked.body.id);
      const confirmedBooking = await eventually(
        () => traveller(`/api/bookings/${bookingId}`),
        (answer) => answer.body.status === 'confirmed',
        JOURNEY_WAIT_MS,
      );
      expect(confirmedBooking.body.status, confirmedBooking.text).toBe('confirmed');

      // The revenue API: the booking's sale, the airline's cost and the rule's margin, to the cent.
      const today = new Date().toISOString().slice(0, 10);
      const range = `from=${today}&to=${today}&brand=${BRAND}`;
      const revenue = async (): Promise<RevenueReport> =>
        revenueReportSchema.parse((await admin(`/api/admin/revenue?${range}`)).body);
      const sold = await eventually(revenue, (report) => report.totals[0]?.bookings === 1, JOURNEY_WAIT_MS);
      expect(sold.totals[0]).toMatchObject({
        currency,
        bookings: 1,
        grossSales: price,
        providerCost: provider,
        markupMargin: price - provider,
      });
      expect(sold.byRule).toEqual([
        {
          key: RULE.id,
          brandKey: BRAND,
          currency,
          bookings: 1,
          grossSales: price,
          providerCost: provider,
          markupMargin: price - provider,
        },
      ]);

      // The same to the cent from the CLI.
      const cli = await cliHarness();
      try {
        const at = (...argv: string[]) => cli.cli('--url', baseUrl, ...argv);
        expect((await at('login', '--username', 'admin', '--password', password)).code).toBe(0);
        const csvRow = async () => {
          const run = await at('revenue', '--from', today, '--to', today, '--brand', BRAND, '--csv');
          expect(run.code, run.err).toBe(0);
          const [header, row] = run.out.split('\r\n');
          const names = header!.split(',');
          const cells = row!.split(',');
          return (name: string) => cells[names.indexOf(name)];
        };
        const saleRow = await csvRow();
        expect(saleRow('gross_sales')).toBe(decimalAmount(price, currency));
        expect(saleRow('provider_cost')).toBe(decimalAmount(provider, currency));
        expect(saleRow('markup_margin')).toBe(decimalAmount(price - provider, currency));

        // A rule raised afterwards never reprices the booking: its sale and margin stay as recorded.
        const raised = { ...current, rules: [{ ...RULE, percent: 50 }, ...current.rules] };
        const changed = await admin(`/api/admin/brands/${BRAND}/pricing`, {
          method: 'PUT',
          body: { pricing: raised, reason: 'Domestic fares up: ticket OPS-33' },
        });
        expect(changed.status, changed.text).toBe(200);

        // The endpoint receives the signed booking.confirmed.
        const confirmed = await eventually(
          async () => received.find((one) => JSON.parse(one.body).type === 'booking.confirmed'),
          (found) => found !== undefined,
          JOURNEY_WAIT_MS,
        );
        expect(confirmed, 'the booking.confirmed webhook').toBeDefined();
        expect(JSON.parse(confirmed!.body)).toMatchObject({
          type: 'booking.confirmed',
          brand: BRAND,
          data: { bookingId },
        });
        const signed = createHmac('sha256', secret).update(`${confirmed!.timestamp}.${confirmed!.body}`).digest('hex');
        expect(confirmed!.signature).toBe(`v1=${signed}`);

        // The traveller cancels: the refund and the fee kept appear on the API and the CLI.
        const quote = await traveller(`/api/bookings/${bookingId}/cancellation-quote`, { body: {} });
        expect(quote.status, quote.text).toBe(200);
        const cancelled = await traveller(`/api/bookings/${bookingId}/cancel`, {
          body: { quoteId: quote.body.quoteId },
        });
        expect(cancelled.status, cancelled.text).toBe(200);
        const refundHook = await eventually(
          async () => received.find((one) => JSON.parse(one.body).type === 'refund.issued'),
          (found) => found !== undefined,
          JOURNEY_WAIT_MS,
        );
        expect(refundHook, 'the refund.issued webhook').toBeDefined();
        const refund = JSON.parse(refundHook!.body).data.amount as number;
        // The brand keeps its markup on a refund: the fee kept is not zero by accident.
        expect(refund).toBeGreaterThan(0);
        expect(refund).toBeLessThan(price);
        const after = await eventually(revenue, (report) => report.totals[0]?.cancellations === 1, JOURNEY_WAIT_MS);
        expect(after.totals[0]).toMatchObject({
          bookings: 1,
          grossSales: price,
          providerCost: provider,
          markupMargin: price - provider,
          refunds: refund,
          feesKept: price - refund,
          cancellations: 1,
        });
        expect(after.byRule).toEqual(sold.byRule);
        const cancelRow = await csvRow();
        expect(cancelRow('markup_margin')).toBe(decimalAmount(price - provider, currency));
        expect(cancelRow('refunds')).toBe(decimalAmount(refund, currency));
        expect(cancelRow('fees_kept')).toBe(decimalAmount(price - refund, currency));
        expect(cancelRow('cancellations')).toBe('1');
        const cancelledHook = await eventually(
          async () => received.some((one) => JSON.parse(one.body).type === 'booking.cancelled'),
          Boolean,
          JOURNEY_WAIT_MS,
        );
        expect(cancelledHook, 'the booking.cancelled webhook').toBe(true);
      } finally {
        await cli.cleanup();
      }
    },
    scaled(300_000),
  );
});
