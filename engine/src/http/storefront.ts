import { existsSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { BRAND_UNAVAILABLE_TITLE, brandKeyFromLocation } from '@contrail/shared/brand/brand-key';
import { brandTitle } from '@contrail/shared/brand/brand-title';
import { DEFAULT_BRAND, DEFAULT_BRAND_KEY } from '@contrail/shared/brand/default-brand';
import { BRAND_THEME_PATH, brandThemeCss, SHELL_NAME } from '@contrail/shared/brand/first-paint';
import { OFFER_SLOT, type OfferPage, type RenderOfferSummary } from '@contrail/shared/site/offer-slot';
import { isStorefrontPage } from '@contrail/shared/site/pages';
import { Router, type Request } from 'express';
import expressStaticGzip from 'express-static-gzip';
import type { Brand } from '@contrail/shared/brand/brand';
import type { BrandDirectory } from '../brands/brand-directory.js';
import type { Clock } from '../clock.js';
import type { SearchPages } from '../flights/search-pages.js';
import { brandedShell } from './brand-shell.js';
import { escapeHtml } from './escape-html.js';
import { loadOfferSummary } from './offer-summary-module.js';

const PLACEHOLDER = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Contrail - Flight Booking</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem; color: #333">
<h1 style="color: #008870">Contrail</h1>
<p>The engine is running, but the storefront has not been built. Run <code>npm run build</code>, then restart.</p>
</body></html>`;

/** Paths the single-page app never answers: the API, the sandboxes and the probes. */
const NOT_THE_APP = /^\/(api|sandbox|healthz|readyz)(\/|$)/;

/**
 * Pages the build writes their own HTML for (storefront/build/prerender-pages.ts): the home,
 * results, details and booking, which load their own chunks and start their first API calls with
 * the entry; the home's and the results' first screens prerendered.
 */
const PAGE_HTML: ReadonlyArray<{ pattern: RegExp; file: string }> = [
  { pattern: /^\/$/, file: 'home.html' },
  { pattern: /^\/search$/, file: 'search.html' },
  { pattern: /^\/flight\/[^/]+$/, file: 'flight.html' },
  { pattern: /^\/booking$/, file: 'booking.html' },
];

/**
 * The details and booking pages of an offer this engine listed lately: their HTML with the top of
 * the page filled in by the storefront's own components (offer-summary-module.ts), in place of the
 * page's own HTML.
 */
const OFFER_HTML: ReadonlyArray<{
  pattern: RegExp;
  file: string;
  page: OfferPage;
  offerId: (req: Request) => string | undefined;
}> = [
  {
    pattern: /^\/flight\/[^/]+$/,
    file: 'flight-offer.html',
    page: 'flight',
    offerId: (req) => decodedSegment(req.path.slice('/flight/'.length)),
  },
  {
    pattern: /^\/booking$/,
    file: 'booking-offer.html',
    page: 'booking',
    offerId: (req) => (typeof req.query.offer === 'string' ? req.query.offer : undefined),
  },
];

function decodedSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Hashed build output: a name never changes content, so a year and no revalidation. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The HTML names the current hashed files: always revalidated. */
export const REVALIDATE = 'no-cache';

const TITLE = /<title>[^<]*<\/title>/;

const queryOf = (req: Request) =>
  req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';

/**
 * The brand the request names (its host, or `?brand=` on localhost); undefined for the default
 * brand's key, an unknown brand or a failed lookup (the app then uses the default brand).
 */
async function namedBrand(req: Request, brands: BrandDirectory | undefined): Promise<Brand | 'disabled' | undefined> {
  const key = brandKeyFromLocation(req.hostname, queryOf(req));
  if (key === DEFAULT_BRAND_KEY || !brands) return undefined;
  try {
    const brand = await brands.find(key);
    return brand ?? ((await brands.isDisabled?.(key)) ? 'disabled' : undefined);
  } catch {
    return undefined;
  }
}

/** The brand whose colours index.css has: its pages need no stylesheet of their own. */
const BUILT_THEME = JSON.stringify(DEFAULT_BRAND.theme);
const hasBuiltTheme = (brand: Brand) => JSON.stringify(brand.theme) === BUILT_THEME;
/** A page with a prerendered first screen, whose placeholders the brand fills (brand-shell.ts). */
const hasShell = (html: string) => html.includes(SHELL_NAME);

/** The default brand as stored (an admin may have changed it), or as built when it cannot be read. */
async function defaultBrand(brands: BrandDirectory | undefined): Promise<Brand> {
  try {
    return (await brands?.find(DEFAULT_BRAND_KEY)) ?? DEFAULT_BRAND;
  } catch {
    return DEFAULT_BRAND;
  }
}

/**
 * The app's HTML with the title of the brand the request names, so a brand's own domain never
 * shows the platform's name, to a crawler or while the app loads (without one, the app titles the
 * page itself, as it always does).
 */
const titled = (html: string, brand: Brand | 'disabled') =>
  html.replace(
    TITLE,
    () => `<title>${escapeHtml(brand === 'disabled' ? BRAND_UNAVAILABLE_TITLE : brandTitle(brand.name))}</title>`,
  );

/** Brotli first, then gzip, each precompressed at build next to the file (storefront/build/precompress.ts). */
function precompressed(directory: string, cacheControl: (file: string) => string) {
  return expressStaticGzip(directory, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      cacheControl: false,
      fallthrough: true,
      setHeaders: (res: ServerResponse, file: string) => res.setHeader('Cache-Control', cacheControl(file)),
    },
  });
}

/**
 * Serves the built storefront, or a placeholder when unbuilt. The app's pages answer 200 with its
 * HTML, any other path 404 with the same HTML (the app shows its 404 card). Assets answer 404 when
 * missing rather than the HTML, so a stale hashed name never parses HTML as script.
 */
export function storefrontRoutes(
  directory: string | undefined,
  brands?: BrandDirectory,
  recent?: { offers: Pick<SearchPages, 'recentOffer'>; clock: Clock },
): Router {
  const router = Router();
  const indexFile = directory && path.join(directory, 'index.html');
  const built = indexFile !== undefined && existsSync(indexFile);
  const html = built ? precompressed(directory!, () => REVALIDATE) : undefined;
  // The pages with their own HTML, where the build wrote it (the others get index.html).
  const pageFiles = built ? PAGE_HTML.filter(({ file }) => existsSync(path.join(directory!, file))) : [];
  const offerFiles = built && recent ? OFFER_HTML.filter(({ file }) => existsSync(path.join(directory!, file))) : [];
  // Loaded once, at start; without it (or when it fails) an offer's pages are served as built.
  const summaries = offerFiles.length > 0 ? loadOfferSummary(directory!) : Promise.resolve(undefined);
  let reported = false;
  /** The top of an offer's page, or undefined (reported once when the module did not load). */
  const summaryOf = async (req: Request, ...args: Parameters<RenderOfferSummary>) => {
    const render = await summaries;
    if (render instanceof Error) {
      if (!reported) req.log?.warn({ err: render }, 'the storefront offer summary module did not load');
      reported = true;
      return undefined;
    }
    try {
      return render?.(...args);
    } catch (error) {
      req.log?.warn({ err: error }, 'the storefront could not render an offer summary');
      return undefined;
    }
  };
  // Read once: a brand's pages are these with its title (the build never changes under a running engine).
  const pages = new Map<string, string>();
  const page = (file: string) => {
    if (!pages.has(file)) pages.set(file, readFileSync(path.resolve(directory!, file), 'utf8'));
    return pages.get(file)!;
  };
  if (built) {
    router.use(
      '/assets',
      precompressed(path.join(directory!, 'assets'), () => IMMUTABLE),
      (_req, res) => {
        res.status(404).type('text').send('Not found');
      },
    );
    router.use(precompressed(directory!, (file) => (file.endsWith('.html') ? REVALIDATE : 'public, max-age=3600')));
  }
  // The colours of the brand a page names, for its first paint (brand-shell.ts): made per request,
  // always revalidated, so a brand's new colours show on its next page.
  router.get(BRAND_THEME_PATH, async (req, res) => {
    const named = await namedBrand(req, brands);
    res.setHeader('Cache-Control', REVALIDATE);
    if (named === 'disabled') {
      res.status(404).type('css').send('');
      return;
    }
    res.type('css').send(brandThemeCss(named ?? (await defaultBrand(brands))));
  });
  router.get(/.*/, async (req, res, next) => {
    if (NOT_THE_APP.test(req.path)) {
      next();
      return;
    }
    res.setHeader('Cache-Control', REVALIDATE);
    if (!isStorefrontPage(req.path)) res.status(404);
    if (!html) {
      res.type('html').send(PLACEHOLDER);
      return;
    }
    // The app's HTML whatever the path: express-static-gzip picks the file's .br or .gz.
    const status = res.statusCode;
    const file = pageFiles.find(({ pattern }) => pattern.test(req.path))?.file ?? 'index.html';
    const brand = await namedBrand(req, brands);
    const offerPage = offerFiles.find(({ pattern }) => pattern.test(req.path));
    const id = offerPage?.offerId(req);
    const offer = id === undefined ? undefined : await recent!.offers.recentOffer(id);
    const now = recent?.clock.now();
    // A disabled brand's domain shows nothing of a flight: the app says the site is not available.
    const summary =
      brand !== 'disabled' && offerPage && offer && now && Date.parse(offer.offer.expires_at) > now.getTime()
        ? await summaryOf(req, offer, offerPage.page, {
            query: new URLSearchParams(queryOf(req)),
            pricing: (brand ?? DEFAULT_BRAND).pricing,
            now,
          })
        : undefined;
    if (brand !== 'disabled' && offerPage && summary !== undefined) {
      const html = page(offerPage.file).replace(OFFER_SLOT, () => summary);
      // Made per request, so the compression middleware compresses it.
      const shown = brand ?? (await defaultBrand(brands));
      res.type('html').send(brandedShell(brand ? titled(html, brand) : html, shown, hasBuiltTheme(shown)));
      return;
    }
    if (brand === 'disabled') {
      // A disabled brand's domain gets the bare app (no prerendered first screen of the platform's pages).
      res.type('html').send(titled(page('index.html'), brand));
      return;
    }
    if (brand || hasShell(page(file))) {
      // The first screen in the brand (brand-shell.ts). Made per request, so the compression
      // middleware compresses it (the precompressed files are the unbranded build's).
      const shown = brand ?? (await defaultBrand(brands));
      const html = brandedShell(page(file), shown, hasBuiltTheme(shown));
      res.type('html').send(brand ? titled(html, brand) : html);
      return;
    }
    req.url = `/${file}`;
    html(req, res, () => {
      res.status(status).sendFile(path.resolve(directory!, file));
    });
  });
  return router;
}
