import { DEFAULT_BRAND_KEY } from '@contrail/shared';
import { BRAND_KEY_PATTERN } from '@contrail/shared/brand/brand-key';
import type { Request, RequestHandler } from 'express';
import type { BrandDirectory } from '../brands/brand-directory.js';
import { HttpError } from '../http/errors.js';

/**
 * The brand a request is made on. The storefront derives the brand key from its host name or
 * `?brand=` (seed 000 §7) and its API client sends it in this header on every call; without the
 * header (the CLI, curl, a provider's webhook) the request is on the default brand. A custom header
 * also means a cross-site page cannot send it without a CORS preflight, which the engine never allows.
 */
export const BRAND_HEADER = 'X-Brand-Key';

export function requestBrandKey(req: Request): string {
  const header = req.get(BRAND_HEADER)?.trim().toLowerCase();
  if (!header) return DEFAULT_BRAND_KEY;
  if (!BRAND_KEY_PATTERN.test(header))
    throw new HttpError(400, `${BRAND_HEADER}: not a valid brand key`, 'INVALID_BRAND_KEY');
  return header;
}

/** The answer to a call on a brand that does not exist: said plainly, not as "nothing matches". */
export const unknownBrandError = (key: string) =>
  new HttpError(400, `Unknown brand ${key}: ${BRAND_HEADER} names no brand`, 'UNKNOWN_BRAND');

/**
 * Refuses a call whose brand header names no brand (by key or domain, as the storefront finds its
 * brand), with a 400 that says so: otherwise sessions, bookings and lists would be kept under a
 * brand nobody can open. A disabled brand is known (its bookings stay). Looked up in the cached
 * brand directory, so it costs no query per request.
 */
export function knownRequestBrand(brands: BrandDirectory): RequestHandler {
  return (req, _res, next) => {
    let key: string;
    try {
      key = requestBrandKey(req);
    } catch (error) {
      next(error);
      return;
    }
    if (key === DEFAULT_BRAND_KEY) {
      next();
      return;
    }
    void (async () => (await brands.find(key)) !== undefined || ((await brands.isDisabled?.(key)) ?? false))().then(
      (known) => next(known ? undefined : unknownBrandError(key)),
      next,
    );
  };
}
