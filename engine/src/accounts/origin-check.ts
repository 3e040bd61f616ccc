import type { RequestHandler } from 'express';
import { HttpError } from '../http/errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/**
 * CSRF defence for every mutating request, on top of SameSite=Lax: browsers mark cross-site
 * requests with Sec-Fetch-Site and Origin, and we refuse any that did not come from this host
 * (or PUBLIC_URL). Requests with neither header are not from a browser page (CLI, webhooks).
 */
export function sameOriginOnly(options: { publicUrl?: string | undefined }): RequestHandler {
  const publicHost = options.publicUrl ? hostOf(options.publicUrl) : undefined;
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) {
      next();
      return;
    }
    const site = req.get('sec-fetch-site');
    const origin = req.get('origin');
    const crossSite = site !== undefined && site !== 'same-origin' && site !== 'none';
    const originHost = origin === undefined ? undefined : (hostOf(origin) ?? 'unreadable');
    const ownHosts = [req.get('host'), req.host, publicHost];
    if (crossSite || (originHost !== undefined && !ownHosts.includes(originHost))) {
      next(new HttpError(403, 'Cross-site request refused', 'CROSS_SITE_REQUEST'));
      return;
    }
    next();
  };
}
