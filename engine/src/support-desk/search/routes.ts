import { bookingSearchQuerySchema, type BookingSearchAnswer } from '@contrail/shared/support-desk/booking-search';
import type { SearchKeyKind } from '@contrail/shared/support-desk/search-keys';
import { can, visibleBrands } from '@contrail/shared/staff/policy';
import { Router, type Request } from 'express';
import { allow } from '../../accounts/guards.js';
import type { BookingDeps } from '../../bookings/deps.js';
import { BrandStore } from '../../brands/brand-store.js';
import { knownBrand } from '../../brands/known-brand.js';
import { HttpError, parseInput } from '../../http/errors.js';
import type { BlindIndex } from './blind-index.js';
import { searchBookings } from './booking-search.js';
import { listedAdminBooking } from './sealed-booking.js';

/** The brands a search covers: the one asked for (when it exists and is within reach), else all of the member's. */
async function brandsSearched(req: Request, brands: BrandStore, requested: string | undefined) {
  const staff = req.user?.staff;
  if (requested === undefined) return staff ? visibleBrands(staff) : [];
  if (!can(staff, 'bookings.view', requested))
    throw new HttpError(403, `Your access does not include the brand ${requested}`, 'FORBIDDEN');
  return [await knownBrand(brands, requested)];
}

/**
 * GET /api/admin/booking-search: the support workspace's search. Names, emails and phones are
 * looked up by their blind-index digests (never by the data itself); travellers are listed by
 * their initials; staff see the bookings of their own brands only.
 */
export function bookingSearchRoutes(deps: BookingDeps, index: BlindIndex): Router {
  const router = Router();
  const brands = new BrandStore(deps.sql);

  router.get('/booking-search', allow('bookings.view'), async (req, res) => {
    const query = parseInput(bookingSearchQuerySchema, req.query);
    const keys = (['name', 'email', 'phone'] as const satisfies readonly SearchKeyKind[]).flatMap((kind) => {
      const normal = query[kind];
      return normal ? [{ kind, digest: index.digest(kind, normal) }] : [];
    });
    const { rows, total } = await searchBookings(deps.sql, {
      brands: await brandsSearched(req, brands, query.brand),
      reference: query.reference,
      keys,
      status: query.status,
      dateField: query.dateField,
      from: query.from,
      to: query.to,
      limit: query.limit,
      offset: query.offset,
    });
    const bookings = await Promise.all(rows.map((row) => listedAdminBooking(deps, row)));
    res.json({ bookings, total, limit: query.limit, offset: query.offset } satisfies BookingSearchAnswer);
  });

  return router;
}
