import { pricingOfMarkup } from '@contrail/shared/pricing/pricing';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { DEFAULT_BRAND } from '@contrail/shared';
import { brandThemeCss } from '@contrail/shared/brand/first-paint';
import { formatDisplayPrice } from '@contrail/shared/results/format';
import { offer } from '@contrail/shared/results/test-support/offer-fixture';
import { OFFER_SLOT, OFFER_SUMMARY_MODULE } from '@contrail/shared/site/offer-slot';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { ManualClock } from '../clock.js';
import { RecentOffers } from '../flights/recent-offers.js';
import { inThreadSearchPages } from '../flights/search-pages.js';
import type { SqlClient } from '../storage/sql.js';
import { testDeps } from '../test-support/app.js';
import { sqlBackends } from '../test-support/sql.js';

/** Enough for the compression middleware's 1 KiB threshold. */
const LONG_NAME = 'Wordy Air '.repeat(150);
const HTML =
  '<!doctype html><html><head><title>Contrail - Flight Booking</title></head><body><div id="root">the built app</div></body></html>';
/** The home page's own HTML, its first screen prerendered (storefront/build/prerender-pages.ts). */
const HOME_HTML =
  '<!doctype html><html><head><title>Contrail - Flight Booking</title></head><body><div id="root"><h1>the prerendered home</h1></div></body></html>';
/** Results and details with their own HTML (storefront/build/prerender-pages.ts); this build has no booking.html. */
const SEARCH_HTML = '<!doctype html><html><head><link rel="modulepreload" href="/assets/results.js"></head></html>';
const FLIGHT_HTML = '<!doctype html><html><head><link rel="modulepreload" href="/assets/details.js"></head></html>';
/** The offer pages' frames, where the engine puts the top of the page for an offer it listed. */
const FLIGHT_OFFER_HTML = `<!doctype html><html><head><title>Contrail - Flight Booking</title></head><body><div id="root"><main>${OFFER_SLOT}</main></div><script type="module" src="/assets/boot-details.js"></script></body></html>`;
const BOOKING_OFFER_HTML = FLIGHT_OFFER_HTML.replace('boot-details', 'boot-booking');
/**
 * The build's offer summary module: the storefront's renderer itself (storefront/build/
 * offer-summary-module.ts bundles it; vitest transforms the source as it loads it).
 */
const SUMMARY_SOURCE = fileURLToPath(new URL('../../../storefront/src/app/server/offer-summary.tsx', import.meta.url));
const SUMMARY_MODULE = `export { renderOfferSummary } from ${JSON.stringify(SUMMARY_SOURCE)};\n`;
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;

/**
 * A build as storefront/build/precompress.ts leaves it: every text file with its .br and .gz.
 * Supertest decodes br and gzip as a browser does: `text` is the decoded body.
 */
function writeBuild(directory: string) {
  mkdirSync(path.join(directory, 'assets'));
  const write = (file: string, body: string) => {
    writeFileSync(path.join(directory, file), body);
    writeFileSync(path.join(directory, `${file}.br`), zlib.brotliCompressSync(body));
    writeFileSync(path.join(directory, `${file}.gz`), zlib.gzipSync(body));
  };
  write('index.html', HTML);
  write('home.html', HOME_HTML);
  write('search.html', SEARCH_HTML);
  write('flight.html', FLIGHT_HTML);
  write('flight-offer.html', FLIGHT_OFFER_HTML);
  write('booking-offer.html', BOOKING_OFFER_HTML);
  mkdirSync(path.join(directory, path.dirname(OFFER_SUMMARY_MODULE)));
  writeFileSync(path.join(directory, OFFER_SUMMARY_MODULE), SUMMARY_MODULE);
  write('assets/app-Ab12Cd34.js', SCRIPT);
  writeFileSync(path.join(directory, 'assets/app-Ab12Cd34.js.map'), '{"version":3}');
}

describe('the storefront as the engine serves it', () => {
  let sql: SqlClient;
  let directory: string;
  let app: ReturnType<typeof createApp>;
  const clock = new ManualClock('2026-11-22T12:10:00Z');
  const recentOffers = new RecentOffers();

  beforeAll(async () => {
    sql = await sqlBackends()[0]!.open();
    directory = mkdtempSync(path.join(os.tmpdir(), 'storefront-served-'));
    writeBuild(directory);
    const brands = {
      find: async (key: string) => {
        if (key === 'broken') throw new Error('the brands table is unreachable');
        if (key === 'tricky') return { ...DEFAULT_BRAND, key, name: 'Fly <b>"bold"</b> & far' };
        if (key === 'dear') return { ...DEFAULT_BRAND, key, name: 'Dear Air', pricing: pricingOfMarkup(1.5) };
        return key === 'wordy' ? { ...DEFAULT_BRAND, key, name: LONG_NAME } : undefined;
      },
      isDisabled: async (key: string) => key === 'closed.example',
    };
    const deps = testDeps(sql, { brands, clock, config: { storefrontDir: directory, devTools: false } });
    app = createApp({ ...deps, searchPages: inThreadSearchPages(clock, deps.flights!, recentOffers) });
  });

  afterAll(async () => {
    await sql.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('sends hashed assets precompressed, brotli first, cached for a year', async () => {
    const br = await request(app).get('/assets/app-Ab12Cd34.js').set('Accept-Encoding', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toContain('Accept-Encoding');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.text).toBe(SCRIPT);

    const gzip = await request(app).get('/assets/app-Ab12Cd34.js').set('Accept-Encoding', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(SCRIPT);

    const plain = await request(app).get('/assets/app-Ab12Cd34.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(SCRIPT);
  });

  it('answers a missing asset 404, never the HTML, and serves no source map', async () => {
    const missing = await request(app).get('/assets/app-Gone0000.js');
    expect(missing.status).toBe(404);
    expect(missing.text).not.toContain('the built app');
    expect((await request(app).get('/assets/app-Ab12Cd34.js.map')).status).toBe(404);
  });

  it('sends the HTML precompressed and always revalidated, 200 on a page and 404 elsewhere', async () => {
    const home = await request(app).get('/').set('Accept-Encoding', 'br');
    expect(home.status).toBe(200);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.headers['content-encoding']).toBe('br');
    // The home page's first screen is in its own HTML, results and details have theirs where the
    // build wrote it; every other page (booking too, in this build) starts from index.html.
    expect(home.text).toBe(HOME_HTML);
    expect((await request(app).get('/').set('Accept-Encoding', 'identity')).text).toBe(HOME_HTML);
    const pages: Array<[string, string]> = [
      ['/search', SEARCH_HTML],
      ['/flight/off_123', FLIGHT_HTML],
      ['/booking', HTML],
      ['/about/', HTML],
      ['/admin/brands', HTML],
    ];
    for (const [page, html] of pages) {
      const response = await request(app).get(page).set('Accept-Encoding', 'br');
      expect(response.status, page).toBe(200);
      expect(response.headers['cache-control'], page).toBe('no-cache');
      expect(response.headers['content-type'], page).toMatch(/text\/html/);
      expect(response.headers['content-encoding'], page).toBe('br');
      expect(response.text, page).toBe(html);
    }
    for (const unknown of ['/no-such-page', '/flight/a/b', '/admin', '/index.htm']) {
      const response = await request(app).get(unknown).set('Accept-Encoding', 'identity');
      expect(response.status, unknown).toBe(404);
      expect(response.headers['cache-control'], unknown).toBe('no-cache');
      // The app itself shows the seed's 404 card.
      expect(response.text, unknown).toBe(HTML);
    }
  });

  it('titles the HTML with the brand the request names, by its host or by ?brand= on localhost', async () => {
    const byQuery = await request(app).get('/?brand=wordy').set('Accept-Encoding', 'br');
    expect(byQuery.status).toBe(200);
    expect(byQuery.headers['content-encoding']).toBe('br');
    expect(byQuery.text).toBe(HOME_HTML.replace('Contrail', LONG_NAME));
    const byHost = await request(app).get('/about').set('Host', 'www.wordy').set('Accept-Encoding', 'identity');
    expect(byHost.status).toBe(200);
    expect(byHost.text).toContain(`<title>${LONG_NAME} - Flight Booking</title>`);
    const escaped = await request(app).get('/faq?brand=tricky').set('Accept-Encoding', 'identity');
    expect(escaped.text).toContain('<title>Fly &lt;b&gt;&quot;bold&quot;&lt;/b&gt; &amp; far - Flight Booking</title>');
    // The default brand, an unknown one and a failed lookup: the built file as it is.
    for (const path of ['/', '/?brand=nobody', '/?brand=broken']) {
      expect((await request(app).get(path).set('Accept-Encoding', 'identity')).text, path).toBe(HOME_HTML);
    }
  });

  it("gives a disabled brand's domain the bare app, titled neither with its name nor the platform's", async () => {
    for (const path of ['/', '/about', '/?brand=closed.example']) {
      const host = path.includes('brand=') ? 'localhost' : 'www.closed.example';
      const page = await request(app).get(path).set('Host', host).set('Accept-Encoding', 'identity');
      expect(page.status, path).toBe(200);
      expect(page.text, path).toBe(HTML.replace('Contrail - Flight Booking', 'Site not available'));
    }
    const answer = await request(app).get('/api/brands/closed.example').expect(410);
    expect(answer.body).toMatchObject({ message: 'This site is not available' });
  });

  it('puts the top of an offer’s details and booking pages in their HTML when a search listed the offer', async () => {
    // Expires 12:30; the clock reads 12:10.
    recentOffers.remember([offer('off_listed')], { adults: 2, children: 0, infants: 0 });
    const price = formatDisplayPrice(offer('off_listed'), { pricing: DEFAULT_BRAND.pricing, travellers: 2 });

    const details = await request(app).get('/flight/off_listed').set('Accept-Encoding', 'br');
    expect(details.status).toBe(200);
    expect(details.headers['cache-control']).toBe('no-cache');
    expect(details.headers['content-type']).toMatch(/text\/html/);
    expect(details.headers['content-encoding']).toBe('br');
    expect(details.text).toMatch(/^<!doctype html>.*<main><div class="pb-28 md:pb-10">.*<\/main>.*boot-details\.js/s);
    expect(details.text).not.toContain(OFFER_SLOT);
    expect(details.text).toContain('JFK to LAX</h1>');
    expect(details.text).toContain('One way · American Airlines · 2 Adults');
    expect(details.text).toContain(price);
    expect(details.text).toContain('this price is held for 20 more minutes.');
    // The module is the engine's, never the browser's.
    const module = await request(app).get(`/${OFFER_SUMMARY_MODULE}`).set('Accept-Encoding', 'identity');
    expect(module.text).not.toContain('renderOfferSummary');

    const booking = await request(app)
      .get('/booking?offer=off_listed&adults=2&email=jane%40example.com&note=%3Cscript%3E')
      .set('Accept-Encoding', 'identity');
    expect(booking.status).toBe(200);
    expect(booking.text).toContain('boot-booking.js');
    expect(booking.text).toContain('Flight Summary');
    expect(booking.text).toContain(price);
    // Nothing of the URL but the offer's id is in the page.
    expect(booking.text).not.toContain('jane');
    expect(booking.text).not.toContain('<script>');

    // A brand's page: its title and its prices.
    const branded = await request(app).get('/flight/off_listed?brand=dear').set('Accept-Encoding', 'identity');
    expect(branded.text).toContain('<title>Dear Air - Flight Booking</title>');
    expect(branded.text).toContain(
      formatDisplayPrice(offer('off_listed'), { pricing: pricingOfMarkup(1.5), travellers: 2 }),
    );
  });

  it('serves an offer’s pages as built when the offer is unknown, expired or missing', async () => {
    recentOffers.remember([offer('off_gone', { expires_at: '2026-11-22T12:05:00Z' })], {
      adults: 1,
      children: 0,
      infants: 0,
    });
    const pages: Array<[string, string]> = [
      ['/flight/off_unknown', FLIGHT_HTML],
      ['/flight/off_gone', FLIGHT_HTML],
      ['/booking?offer=off_unknown', HTML],
      ['/booking?offer=off_gone', HTML],
      ['/booking', HTML],
    ];
    for (const [page, html] of pages) {
      const response = await request(app).get(page).set('Accept-Encoding', 'identity');
      expect(response.status, page).toBe(200);
      expect(response.text, page).toBe(html);
    }
  });

  it('serves an offer’s pages as built when the storefront’s summary module is broken', async () => {
    const broken = mkdtempSync(path.join(os.tmpdir(), 'storefront-broken-'));
    writeBuild(broken);
    writeFileSync(path.join(broken, OFFER_SUMMARY_MODULE), 'export const renderOfferSummary = ;\n');
    const deps = testDeps(sql, { clock, config: { storefrontDir: broken, devTools: false } });
    const served = createApp({ ...deps, searchPages: inThreadSearchPages(clock, deps.flights!, recentOffers) });
    recentOffers.remember([offer('off_shown')], { adults: 1, children: 0, infants: 0 });
    try {
      for (const [page, html] of [
        ['/flight/off_shown', FLIGHT_HTML],
        ['/booking?offer=off_shown', HTML],
      ] as const) {
        const response = await request(served).get(page).set('Accept-Encoding', 'identity');
        expect(response.status, page).toBe(200);
        expect(response.text, page).toBe(html);
      }
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it('lists the public pages for crawlers and keeps them off the private ones', async () => {
    const robots = await request(app).get('/robots.txt').set('Host', 'shop.example');
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toMatch(/text\/plain/);
    expect(robots.text).toContain('User-agent: *');
    expect(robots.text).toContain('Disallow: /api/');
    expect(robots.text).toContain('Disallow: /admin');
    expect(robots.text).not.toContain('Disallow: /search');
    expect(robots.text).toContain('Sitemap: http://shop.example/sitemap.xml');

    const sitemap = await request(app).get('/sitemap.xml').set('Host', 'shop.example');
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/application\/xml/);
    expect(sitemap.text).toContain('<loc>http://shop.example/</loc>');
    expect(sitemap.text).toContain('<loc>http://shop.example/faq</loc>');
    expect(sitemap.text).not.toContain('/booking');
    expect(sitemap.text).not.toContain('/admin');
  });

  it("serves a brand's colours as a stylesheet for its first paint, none for a disabled brand (issue 33)", async () => {
    const painted = await request(app).get('/brand-theme.css?brand=wordy').set('Accept-Encoding', 'identity');
    expect(painted.status).toBe(200);
    expect(painted.headers['content-type']).toMatch(/text\/css/);
    expect(painted.headers['cache-control']).toBe('no-cache');
    expect(painted.text).toBe(brandThemeCss(DEFAULT_BRAND));
    expect(painted.text).toMatch(/^:root\{--brand-primary:#[0-9a-f]{6};/);
    const closed = await request(app).get('/brand-theme.css').set('Host', 'www.closed.example');
    expect(closed.status).toBe(404);
  });

  it('compresses API answers made per request', async () => {
    const response = await request(app).get('/api/brands/wordy').set('Accept-Encoding', 'br');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ key: 'wordy', name: LONG_NAME });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['vary']).toContain('Accept-Encoding');
  });
});
