import { BRAND_KEY_PATTERN, BRAND_UNAVAILABLE_MESSAGE } from '@contrail/shared/brand/brand-key';
import { Router } from 'express';
import { HttpError } from '../http/errors.js';
import type { BrandDirectory } from './brand-directory.js';

/**
 * `GET /api/brands/:key`: the brand configuration, 404 for an unknown key (seed 000 §4), 410 for a
 * disabled brand, whose domain must show neither its brand nor the platform's.
 */
export function brandRoutes(brands: BrandDirectory): Router {
  const router = Router();
  router.get('/:key', async (req, res) => {
    const key = String(req.params.key).toLowerCase();
    if (!BRAND_KEY_PATTERN.test(key)) {
      throw new HttpError(400, 'key must be a brand key: letters, digits, dots and hyphens', 'VALIDATION_ERROR', {
        errors: [{ path: 'key', message: 'must be a brand key: letters, digits, dots and hyphens' }],
      });
    }
    const brand = await brands.find(key);
    if (!brand && (await brands.isDisabled?.(key)))
      throw new HttpError(410, BRAND_UNAVAILABLE_MESSAGE, 'BRAND_UNAVAILABLE');
    if (!brand) throw new HttpError(404, 'Brand not found', 'BRAND_NOT_FOUND');
    res.json(brand);
  });
  return router;
}
