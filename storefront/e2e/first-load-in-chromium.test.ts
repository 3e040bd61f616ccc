/// <reference types="node" />
/**
 * Issue 38: what a first visit really fetches, not what the build manifest says. Each first page in
 * a fresh Chromium context at phone size, signed out, until the page has shown its content and the
 * network is idle: the script requests and their gzip-equivalent bytes, against the budgets
 * (at most 15 script requests; 170 kB).
 * A visit that only looks must not fetch what its first screen does not use: the footer, the home
 * page's lower sections, the popovers, the airport list, the toast library and booking's later
 * steps wait for the visitor to act.
 */
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedGzipBytes } from '../build/initial-js';
import {
  chromiumAvailable,
  distDir,
  ensureStorefrontBuild,
  launchChromium,
  startStorefrontEngine,
  type StorefrontEngine,
} from './support/storefront-engine';
import { settled } from './support/viewport';
import { scaled } from '@contrail/shared/test-support/time-scale';

const chromiumThere = chromiumAvailable('the first-load browser test');

const MAX_SCRIPT_REQUESTS = 15;
const BUDGET_KB = 170;

/** Chunks a visit that only looks must never fetch: each waits for the visitor. */
const NOT_BEFORE_INTERACTION = [
  /\/Footer-/,
  /\/below-fold-/,
  /\/radix-popover-/,
  /\/airports-/,
  /\/toaster-/,
  /\/SeatStep-/,
  /\/PaymentStep-/,
];

let engine: StorefrontEngine | undefined;
let browser: Browser;
let pages: Array<{ page: string; path: string }>;

describe.runIf(chromiumThere)('first load in Chromium (issue 38)', () => {
  beforeAll(async () => {
    await ensureStorefrontBuild();
    engine = await startStorefrontEngine('first-load-engine', { NODE_ENV: 'production', SANDBOXES_ENABLED: 'true' });
    browser = await launchChromium();
    const search = new URLSearchParams({
      origin: 'JFK',
      destination: 'LHR',
      departureDate: format(addDays(new Date(), 30), 'yyyy-MM-dd'),
      returnDate: format(addDays(new Date(), 37), 'yyyy-MM-dd'),
      adults: '1',
      children: '0',
      infants: '0',
      cabinClass: 'economy',
      tripType: 'round-trip',
    });
    const answer = await fetch(`${engine.baseUrl}/api/flights/search?${search}`);
    const { offers } = (await answer.json()) as { offers: Array<{ id: string }> };
    const offer = encodeURIComponent(offers[0]!.id);
    pages = [
      { page: '/', path: '/' },
      { page: '/search', path: `/search?${search}` },
      { page: '/flight/{id}', path: `/flight/${offer}` },
      { page: '/booking', path: `/booking?offer=${offer}&adults=1` },
    ];
  }, scaled(300_000));

  afterAll(async () => {
    await browser?.close();
    await engine?.close();
  });

  it.each(['/', '/search', '/flight/{id}', '/booking'])(
    '%s fetches at most 15 scripts within its bytes, and nothing the first screen does not use',
    async (name) => {
      const { path } = pages.find((each) => each.page === name)!;
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      try {
        const page = await context.newPage();
        const scripts: string[] = [];
        page.on('request', (request) => {
          if (request.resourceType() === 'script') scripts.push(request.url());
        });
        await page.goto(`${engine!.baseUrl}${path}`, { waitUntil: 'networkidle', timeout: scaled(60_000) });
        // Shown, then idle again: what the content's own first effects fetch counts too.
        await page.waitForFunction(
          () =>
            !document.querySelector('main [aria-busy="true"], main[aria-busy="true"], [data-testid="skeleton-card"]') &&
            !document.querySelector('main [role="status"] svg.animate-spin'),
          undefined,
          { timeout: scaled(60_000) },
        );
        await settled(page);
        await page.waitForLoadState('networkidle', { timeout: scaled(60_000) });

        const kb = scripts.reduce((total, url) => total + servedGzipBytes(distDir, url), 0) / 1000;
        console.log(
          `${name}: ${scripts.length} script requests, ${kb.toFixed(1)} kB gzip until idle (budget ${MAX_SCRIPT_REQUESTS} requests, ${BUDGET_KB} kB)`,
        );
        expect(scripts.length).toBeLessThanOrEqual(MAX_SCRIPT_REQUESTS);
        expect(kb).toBeLessThanOrEqual(BUDGET_KB);
        expect(scripts.filter((url) => NOT_BEFORE_INTERACTION.some((chunk) => chunk.test(url)))).toEqual([]);
      } finally {
        await context.close();
      }
    },
    scaled(180_000),
  );
});
