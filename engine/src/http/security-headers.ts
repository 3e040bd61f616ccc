import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

export interface SecurityHeadersOptions {
  /** Origins allowed for images besides this one (brand and airline logos): CSP_IMAGE_SOURCES. */
  imageSources: readonly string[];
  /** Origins allowed for fonts besides this one: CSP_FONT_SOURCES. */
  fontSources: readonly string[];
  /** The built storefront: its inline <style> blocks (critical CSS) are allowed by their hashes. */
  storefrontDir?: string | undefined;
}

export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Browser features the storefront never uses, switched off for it and anything it embeds. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

const STYLE_BLOCK = /<style[^>]*>([\s\S]*?)<\/style>/gi;

/** 'sha256-...' sources for every inline <style> block of the storefront's HTML files. */
export function inlineStyleHashes(storefrontDir: string | undefined): string[] {
  if (!storefrontDir || !existsSync(storefrontDir)) return [];
  const hashes = new Set<string>();
  for (const file of readdirSync(storefrontDir).filter((name) => name.endsWith('.html'))) {
    for (const [, css] of readFileSync(path.join(storefrontDir, file), 'utf8').matchAll(STYLE_BLOCK)) {
      hashes.add(`'sha256-${createHash('sha256').update(css!).digest('base64')}'`);
    }
  }
  return [...hashes];
}

/**
 * The one place that says what every response (HTML, API, assets, sandboxes) may do in a browser.
 * No inline script anywhere; inline styles only as hashed blocks of the built HTML (a style
 * attribute in markup is refused; React's `style` props go through the CSSOM and need nothing).
 * HSTS only on requests that came over HTTPS (directly, or via a trusted proxy's X-Forwarded-Proto).
 */
export function securityHeaders(options: SecurityHeadersOptions): RequestHandler[] {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", ...inlineStyleHashes(options.storefrontDir)],
        imgSrc: ["'self'", 'data:', ...options.imageSources],
        fontSrc: ["'self'", ...options.fontSources],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
      },
    },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });
  const transportSecurity = `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`;
  return [
    (req, res, next) => {
      if (req.secure) res.setHeader('Strict-Transport-Security', transportSecurity);
      if (isHashedAsset(req.path)) {
        assetHeaders(res);
        next();
        return;
      }
      res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
      headers(req, res, next);
    },
  ];
}

/** The build's content-hashed files (scripts, styles, fonts, images): never a document. */
export const isHashedAsset = (requestPath: string) => requestPath.startsWith('/assets/');

/**
 * What a script, style or font needs (issue 38): no sniffing, and no other site may embed it.
 * The document policies (CSP, frame and permissions policies...) mean nothing on them, and would
 * repeat a kilobyte and more on each of the dozens a page loads.
 */
function assetHeaders(res: ServerResponse): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
}
