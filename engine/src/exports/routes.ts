import { BOOKING_EXPORT_COLUMNS, exportQuerySchema, MONEY_EXPORT_COLUMNS } from '@contrail/shared/exports/exports';
import { Router } from 'express';
import { allow } from '../accounts/guards.js';
import { scopedBrand } from '../accounts/staff-scope.js';
import type { BookingDeps } from '../bookings/deps.js';
import { parseInput } from '../http/errors.js';
import { sendCsv } from './csv-response.js';
import { bookingRecords } from './bookings-export.js';
import { moneyRecords } from './money-export.js';

/**
 * GET /api/admin/exports/bookings and /money: CSV downloads with the lists' filters (from, to,
 * brand), a brand admin's kept to their brands. Names are initials: revealing personal data
 * with a reason belongs to the support workspace.
 */
export function exportRoutes(deps: Pick<BookingDeps, 'sql' | 'vault'>): Router {
  const router = Router();
  const fileName = (kind: string, from?: string, to?: string) =>
    `contrail-${kind}${from ? `-from-${from}` : ''}${to ? `-to-${to}` : ''}.csv`;

  router.get('/bookings', allow('bookings.view'), async (req, res) => {
    const query = parseInput(exportQuerySchema, req.query);
    const brand = scopedBrand(req, 'bookings.view', query.brand);
    const scoped = { ...query, ...(brand && { brand }) };
    await sendCsv(
      res,
      fileName('bookings', query.from, query.to),
      BOOKING_EXPORT_COLUMNS,
      bookingRecords(deps, scoped),
    );
  });

  router.get('/money', allow('revenue.view'), async (req, res) => {
    const query = parseInput(exportQuerySchema, req.query);
    const brand = scopedBrand(req, 'revenue.view', query.brand);
    const scoped = { ...query, ...(brand && { brand }) };
    await sendCsv(res, fileName('money', query.from, query.to), MONEY_EXPORT_COLUMNS, moneyRecords(deps, scoped));
  });

  return router;
}
