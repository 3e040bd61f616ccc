import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import type { SqlClient } from '../storage/sql.js';
import { testDeps } from '../test-support/app.js';
import { sqlBackends } from '../test-support/sql.js';
import { HSTS_MAX_AGE_SECONDS, PERMISSIONS_POLICY } from './security-headers.js';
import { temporaryDirectory } from '../test-support/at-exit.js';

const CRITICAL_CSS = 'body{margin:0}';

function builtStorefront(): string {
  const directory = temporaryDirectory('storefront-headers');
  mkdirSync(path.join(directory, 'assets'));
  writeFileSync(
    path.join(directory, 'index.html'),
    `<!doctype html><html><head><style>${CRITICAL_CSS}</style><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(path.join(directory, 'assets/app.js'), 'console.log("app")');
  writeFileSync(path.join(directory, 'assets/app.js.map'), '{"version":3}');
  return directory;
}

/** What every response must carry, whatever it is. */
function expectStrictHeaders(headers: Record<string, string>) {
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("script-src 'self';");
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(csp).toContain("img-src 'self' data: https://assets.duffel.com");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-powered-by']).toBeUndefined();
}

describe('security headers', () => {
  let sql: SqlClient;
  let storefrontDir: string;
  beforeAll(async () => {
    sql = await sqlBackends()[0]!.open();
    storefrontDir = builtStorefront();
  });
  afterAll(async () => {
    await sql.close();
  });

  const paths = ['/', '/search', '/api/system/mode', '/api/nothing-here', '/healthz', '/sandbox/duffel/air/offers'];

  it('are on HTML, API, assets, probes and sandboxes; HSTS only over https', async () => {
    const app = createApp(testDeps(sql, { config: { storefrontDir } }));
    for (const url of paths) {
      const response = await request(app).get(url);
      expectStrictHeaders(response.headers as Record<string, string>);
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('add HSTS for a year behind an https proxy with TRUST_PROXY=true, and trust no proxy otherwise', async () => {
    const proxied = createApp(testDeps(sql, { config: { storefrontDir, trustProxy: true } }));
    for (const url of paths) {
      const response = await request(proxied).get(url).set('X-Forwarded-Proto', 'https');
      expectStrictHeaders(response.headers as Record<string, string>);
      expect(response.headers['strict-transport-security'], url).toBe(
        `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
      );
    }
    const direct = createApp(testDeps(sql, { config: { storefrontDir } }));
    const spoofed = await request(direct).get('/').set('X-Forwarded-Proto', 'https');
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('on hashed assets are only what assets need: long cache, nosniff, same-origin (issue 38)', async () => {
    const app = createApp(testDeps(sql, { config: { storefrontDir, trustProxy: true } }));
    for (const url of ['/assets/app.js', '/assets/missing.js']) {
      const response = await request(app).get(url).set('X-Forwarded-Proto', 'https');
      const headers = response.headers as Record<string, string>;
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(headers['strict-transport-security'], url).toBe(`max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`);
      for (const documentOnly of [
        'content-security-policy',
        'permissions-policy',
        'x-frame-options',
        'referrer-policy',
        'cross-origin-opener-policy',
        'x-powered-by',
      ])
        expect(headers[documentOnly], `${url} ${documentOnly}`).toBeUndefined();
    }
    const asset = await request(app).get('/assets/app.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await request(app).get('/');
    const size = (headers: Record<string, string>) =>
      Object.entries(headers).reduce((sum, [name, value]) => sum + name.length + String(value).length + 4, 0);
    // The document's policies stay on the document, and no longer ride on every script.
    expect(
      size(page.headers as Record<string, string>) - size(asset.headers as Record<string, string>),
    ).toBeGreaterThan(700);
  });

  it("allow the built HTML's inline critical CSS by its hash, and no inline script", async () => {
    const app = createApp(testDeps(sql, { config: { storefrontDir } }));
    const csp = (await request(app).get('/')).headers['content-security-policy'] as string;
    const hash = createHash('sha256').update(CRITICAL_CSS).digest('base64');
    expect(csp).toContain(`style-src 'self' 'sha256-${hash}'`);
    expect(csp).toContain("script-src-attr 'none'");
  });

  it('take the image and font origins from CSP_IMAGE_SOURCES and CSP_FONT_SOURCES', async () => {
    const csp = { imageSources: ['https://logos.example.com'], fontSources: ['https://fonts.example.com'] };
    const app = createApp(testDeps(sql, { config: { storefrontDir, csp } }));
    const header = (await request(app).get('/')).headers['content-security-policy'] as string;
    expect(header).toContain("img-src 'self' data: https://logos.example.com;");
    expect(header).toContain("font-src 'self' https://fonts.example.com;");
  });
});

describe('production by default', () => {
  let sql: SqlClient;
  let storefrontDir: string;
  beforeAll(async () => {
    sql = await sqlBackends()[0]!.open();
    storefrontDir = builtStorefront();
  });
  afterAll(async () => {
    await sql.close();
  });

  it('serves source maps only with NODE_ENV=development set explicitly', async () => {
    const app = createApp(testDeps(sql, { config: { storefrontDir, devTools: false } }));
    expect((await request(app).get('/assets/app.js.map')).status).toBe(404);
    expect((await request(app).get('/assets/app.js')).status).toBe(200);
    const development = createApp(testDeps(sql, { config: { storefrontDir, devTools: true } }));
    expect((await request(development).get('/assets/app.js.map')).status).toBe(200);
  });
});
