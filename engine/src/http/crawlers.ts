import { NOT_FOR_CRAWLERS, PUBLIC_PAGES } from '@contrail/shared/site/pages';
import { Router, type Request } from 'express';

/** This site's origin as the visitor reached it (X-Forwarded-Proto only from a trusted proxy). */
function originOf(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** robots.txt and sitemap.xml of the storefront's public pages (shared/site/pages.ts). */
export function crawlerRoutes(): Router {
  const router = Router();
  router.get('/robots.txt', (req, res) => {
    const lines = ['User-agent: *', ...NOT_FOR_CRAWLERS.map((path) => `Disallow: ${path}`), ''];
    lines.push(`Sitemap: ${originOf(req)}/sitemap.xml`, '');
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/plain').send(lines.join('\n'));
  });
  router.get('/sitemap.xml', (req, res) => {
    const origin = originOf(req);
    const urls = PUBLIC_PAGES.map((path) => `  <url><loc>${escapeXml(origin + path)}</loc></url>`);
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res
      .type('application/xml')
      .send(
        [
          '<?xml version="1.0" encoding="UTF-8"?>',
          '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
          ...urls,
          '</urlset>',
          '',
        ].join('\n'),
      );
  });
  return router;
}
