import {
  BOOKING_EXPORT_COLUMNS,
  exportQuerySchema,
  MONEY_EXPORT_COLUMNS,
  revealedExportRequestSchema,
} from '@contrail/shared/exports/exports';
import { Router } from 'express';
import { allow } from '../accounts/guards.js';
import { scopedBrand } from '../accounts/staff-scope.js';
import type { BookingDeps } from '../bookings/deps.js';
import { contextOf } from '../bookings/http/request-context.js';
import { parseInput } from '../http/errors.js';
import { deskActorOf } from '../support-desk/desk.js';
import { sendCsv } from './csv-response.js';
import { bookingRecords } from './bookings-export.js';
import { moneyRecords } from './money-export.js';
import { recordExportReveal } from './revealed-export.js';

/**
 * GET /api/admin/exports/bookings and /money: CSV downloads with the lists' filters (from, to,
 * brand), a brand admin's kept to their brands, travellers named by initials. POST
 * /bookings/reveal: the same bookings with full names, for staff who may reveal personal data,
 * the reason recorded in the access log first.
 */
export function exportRoutes(deps: Pick<BookingDeps, 'sql' | 'vault' | 'eventStore' | 'clock'>): Router {
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

  router.post('/bookings/reveal', allow('bookings.view'), allow('personal-data.reveal'), async (req, res) => {
    const request = parseInput(revealedExportRequestSchema, req.body);
    const brand = scopedBrand(req, 'personal-data.reveal', request.brand);
    await recordExportReveal(deps, request, brand, deskActorOf(req), contextOf(req));
    const { reason: _reason, ...filters } = request;
    await sendCsv(
      res,
      fileName('bookings-with-names', request.from, request.to),
      BOOKING_EXPORT_COLUMNS,
      bookingRecords(deps, { ...filters, ...(brand && { brand }) }, undefined, 'full'),
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
