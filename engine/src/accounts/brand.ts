import { DEFAULT_BRAND_KEY } from '@contrail/shared';
import { BRAND_KEY_PATTERN } from '@contrail/shared/brand/brand-key';
import type { Request } from 'express';
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
