import { z } from 'zod';
import { accessReasonSchema } from '../support-desk/contracts.js';

/**
 * CSV exports (GET /api/admin/exports/bookings|money, the admin pages' download buttons,
 * `contrail export bookings|money`): the lists' filters, the columns, and how names are shown.
 */
export const EXPORT_KINDS = ['bookings', 'money'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

const day = z.iso.date({ message: 'Use a date like 2026-01-31' });

const exportFilters = z.object({
  from: day.optional(),
  to: day.optional(),
  brand: z.string().trim().min(1).max(253).optional(),
});
const inOrder = (query: { from?: string | undefined; to?: string | undefined }) =>
  !query.from || !query.to || query.from <= query.to;
const outOfOrder = { message: '`from` must be on or before `to`', path: ['from'] };

export const exportQuerySchema = exportFilters.refine(inOrder, outOfOrder);
export type ExportQuery = z.infer<typeof exportQuerySchema>;

/**
 * `POST /api/admin/exports/bookings/reveal` (`contrail export bookings --reveal --reason`): the
 * bookings export with the travellers' full names, for staff who may reveal personal data, and why.
 * The reason is recorded (the personal-data access log) before any row is sent.
 */
export const revealedExportRequestSchema = exportFilters
  .extend({ reason: accessReasonSchema })
  .refine(inOrder, outOfOrder);
export type RevealedExportRequest = z.infer<typeof revealedExportRequestSchema>;

export const BOOKING_EXPORT_COLUMNS = [
  'booking_id',
  'reference',
  'brand',
  'status',
  'created_at',
  'departs_at',
  'travellers',
  'passengers',
  'amount',
  'currency',
] as const;

export const MONEY_EXPORT_COLUMNS = [
  'booking_id',
  'reference',
  'brand',
  'created_at',
  'currency',
  'captured',
  'provider_cost',
  'markup_margin',
  'refunded',
  'cancelled',
  'pricing_rule',
] as const;

/** A person's name as initials ("Ada Lovelace" → "A. L."): what an export shows without a reason to reveal. */
export function initials(firstName: string, lastName: string): string {
  return [firstName, lastName]
    .map((name) => name.trim().charAt(0).toUpperCase())
    .filter(Boolean)
    .map((letter) => `${letter}.`)
    .join(' ');
}
