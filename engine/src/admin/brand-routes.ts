import {
  applyBrandPatch,
  brandPatchSchema,
  brandUpdateSchema,
  newBrandSchema,
  type AdminBrand,
  type BrandHistory,
  type BrandList,
} from '@contrail/shared/admin/brands';
import { BRAND_KEY_PATTERN } from '@contrail/shared/brand/brand-key';
import { Router, type Request } from 'express';
import { setPricingSchema } from '@contrail/shared/pricing/pricing-schema';
import { COMMERCIAL_BRAND_FIELDS } from '@contrail/shared/staff/policy';
import { allow } from '../accounts/guards.js';
import { staffCan } from '../accounts/staff-scope.js';
import type { Clock } from '../clock.js';
import { HttpError, parseInput, ValidationError } from '../http/errors.js';
import {
  brandOf,
  BrandStore,
  BrandVersionConflictError,
  DuplicateBrandError,
  type Actor,
} from '../brands/brand-store.js';
import { decideSetPricing, PricingRefused } from '../brands/pricing/decide-pricing.js';
import type { SqlClient } from '../storage/sql.js';

function actorOf(req: Request): Actor {
  return { id: req.user!.id, username: req.user!.username };
}

/** Staff see the brands of their scope; a platform admin every brand. */
const mayManage = (req: Request, key: string): boolean => staffCan(req, 'brands.view', key);

/** A commercial field (markup) the patch would change, when this member may not change it. */
function refusedCommercialChange(req: Request, current: AdminBrand, next: Record<string, unknown>): string | undefined {
  if (staffCan(req, 'brands.edit-commercial', current.key)) return undefined;
  return COMMERCIAL_BRAND_FIELDS.find((field) => field in next && next[field] !== current[field]);
}

function duplicate(error: DuplicateBrandError): HttpError {
  return new HttpError(409, error.message, 'DUPLICATE_BRAND', {
    errors: [{ path: error.field, message: error.message }],
  });
}

function conflict(error: BrandVersionConflictError): HttpError {
  return new HttpError(409, error.message, 'BRAND_CHANGED');
}

/**
 * /api/admin/brands (each route behind its policy action): list, get, create, update, disable/enable, history,
 * pricing. Creating, disabling and enabling brands, and their pricing, are for platform admins.
 */
export function adminBrandRoutes(deps: { sql: SqlClient; clock: Clock }): Router {
  const router = Router();
  const brands = new BrandStore(deps.sql);

  async function load(req: Request): Promise<AdminBrand> {
    const key = String(req.params.key).toLowerCase();
    // An id is validated before it reaches SQL: anything but a brand key is simply not found.
    const brand = BRAND_KEY_PATTERN.test(key) && mayManage(req, key) ? await brands.get(key) : undefined;
    if (!brand) throw new HttpError(404, `Brand not found: ${key}`, 'BRAND_NOT_FOUND');
    return brand;
  }

  router.get('/', allow('brands.view'), async (req, res) => {
    const all = await brands.list();
    res.json({ brands: all.filter((brand) => mayManage(req, brand.key)) } satisfies BrandList);
  });

  router.post('/', allow('brands.create'), async (req, res) => {
    const brand = parseInput(newBrandSchema, req.body);
    try {
      res.status(201).json(await brands.create(brand, actorOf(req), deps.clock.now()));
    } catch (error) {
      if (error instanceof DuplicateBrandError) throw duplicate(error);
      throw error;
    }
  });

  router.get('/:key', allow('brands.view'), async (req, res) => {
    res.json(await load(req));
  });

  router.get('/:key/history', allow('brands.view'), async (req, res) => {
    const brand = await load(req);
    res.json({ changes: await brands.history(brand.key) } satisfies BrandHistory);
  });

  router.patch('/:key', allow('brands.edit-look'), async (req, res) => {
    const current = await load(req);
    const patch = parseInput(brandPatchSchema, req.body);
    if (patch.key !== undefined && patch.key !== current.key) {
      throw new ValidationError([{ path: 'key', message: 'A brand key cannot be changed' }]);
    }
    const commercial = refusedCommercialChange(req, current, patch);
    if (commercial) {
      throw new HttpError(
        403,
        "Only a platform admin can change a brand's markup or commercial terms",
        'COMMERCIAL_TERMS',
        {
          errors: [{ path: commercial, message: 'Only a platform admin can change this' }],
        },
      );
    }
    if (patch.pricing !== undefined) {
      throw new ValidationError([
        { path: 'pricing', message: 'Pricing changes go to PUT /api/admin/brands/:key/pricing, with a reason' },
      ]);
    }
    const stored = brandOf(current);
    const next = parseInput(brandUpdateSchema(stored), { ...applyBrandPatch(stored, patch), key: current.key });
    try {
      res.json(await brands.update(current, next, actorOf(req), deps.clock.now()));
    } catch (error) {
      if (error instanceof DuplicateBrandError) throw duplicate(error);
      if (error instanceof BrandVersionConflictError) throw conflict(error);
      throw error;
    }
  });

  router.put('/:key/pricing', allow('brands.edit-commercial'), async (req, res) => {
    const current = await load(req);
    const command = parseInput(setPricingSchema, req.body);
    try {
      const [change] = decideSetPricing(current.pricing, command);
      res.json(change ? await brands.setPricing(current, change, actorOf(req), deps.clock.now()) : current);
    } catch (error) {
      if (error instanceof PricingRefused) throw new ValidationError([{ path: error.path, message: error.message }]);
      if (error instanceof BrandVersionConflictError) throw conflict(error);
      throw error;
    }
  });

  for (const [action, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    router.post(`/:key/${action}`, allow('brands.enable-disable'), async (req, res) => {
      const current = await load(req);
      try {
        res.json(await brands.setDisabled(current, disabled, actorOf(req), deps.clock.now()));
      } catch (error) {
        if (error instanceof BrandVersionConflictError) throw conflict(error);
        throw error;
      }
    });
  }

  return router;
}
