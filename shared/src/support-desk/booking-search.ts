import { z } from 'zod';
import { adminBookingSchema } from '../booking/view.js';
import { BOOKING_STATUSES, normalizeBookingReference } from '../booking/status.js';
import { PHONE_FORMAT_MESSAGE } from '../booking/phone.js';
import { normalEmail, normalName, normalPhone } from './search-keys.js';

/**
 * GET /api/admin/booking-search: the support workspace's search (web and CLI). A traveller's name,
 * email and phone are matched whole, by their normal form (search-keys.ts); results name travellers
 * by their initials until revealed for a reason.
 */
export const BOOKING_SEARCH_STATUSES = [...BOOKING_STATUSES, 'failed'] as const;
export const BOOKING_DATE_FIELDS = ['booked', 'departure'] as const;
export type BookingDateField = (typeof BOOKING_DATE_FIELDS)[number];
export const BOOKING_SEARCH_LIMIT_MAX = 100;
export const BOOKING_SEARCH_LIMIT_DEFAULT = 20;

export const bookingSearchMessages = {
  reference: 'reference must be letters and digits, as printed (spaces are ignored)',
  name: 'name must hold a surname, or a given name and a surname',
  email: 'email must be an email address',
  phone: PHONE_FORMAT_MESSAGE,
  status: `status must be one of ${BOOKING_SEARCH_STATUSES.join(', ')}`,
  dateField: 'dateField must be booked or departure',
  day: 'from and to must be a date (2026-11-01) or an ISO date-time',
  limit: `limit must be a whole number from 1 to ${BOOKING_SEARCH_LIMIT_MAX}`,
  offset: 'offset must be a whole number, 0 or more',
  range: 'from must not be after to',
} as const;

const text = (max: number) => z.string().trim().max(max);
const normalized = (max: number, normal: (value: string) => string, message: string) =>
  text(max)
    .transform(normal)
    .refine((value) => value !== '', message);

const dayOrInstant = z.iso.datetime({ offset: true }).or(z.iso.date());
const day = z
  .string()
  .trim()
  .refine((value) => dayOrInstant.safeParse(value).success, bookingSearchMessages.day);
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A bare date is a whole UTC day: `from` its first instant, `to` its last (clients send instants of the user's zone). */
const dayStart = day.transform((value) => (ISO_DAY.test(value) ? `${value}T00:00:00.000Z` : value));
const dayEnd = day.transform((value) => (ISO_DAY.test(value) ? `${value}T23:59:59.999Z` : value));
/** A whole number, as a query string or a JSON body gives it. */
const whole = (min: number, max: number, message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );

export const bookingSearchQuerySchema = z
  .object({
    reference: text(40)
      .transform(normalizeBookingReference)
      .refine((value) => /^[A-Z0-9]{1,20}$/.test(value), bookingSearchMessages.reference)
      .optional(),
    name: normalized(200, normalName, bookingSearchMessages.name).optional(),
    email: normalized(254, normalEmail, bookingSearchMessages.email).optional(),
    phone: normalized(40, normalPhone, bookingSearchMessages.phone).optional(),
    status: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(BOOKING_SEARCH_STATUSES, { error: bookingSearchMessages.status }))
      .optional(),
    brand: z.string().trim().toLowerCase().min(1).max(253).optional(),
    dateField: z.enum(BOOKING_DATE_FIELDS, { error: bookingSearchMessages.dateField }).default('booked'),
    from: dayStart.optional(),
    to: dayEnd.optional(),
    limit: whole(1, BOOKING_SEARCH_LIMIT_MAX, bookingSearchMessages.limit).default(BOOKING_SEARCH_LIMIT_DEFAULT),
    offset: whole(0, 1_000_000, bookingSearchMessages.offset).default(0),
  })
  .refine(({ from, to }) => !from || !to || new Date(from).getTime() <= new Date(to).getTime(), {
    message: bookingSearchMessages.range,
    path: ['to'],
  });
export type BookingSearchQuery = z.output<typeof bookingSearchQuerySchema>;
export type BookingSearchInput = z.input<typeof bookingSearchQuerySchema>;

/** A page of bookings, newest booked first, and how many match in all. */
export const bookingSearchAnswerSchema = z.object({
  bookings: z.array(adminBookingSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type BookingSearchAnswer = z.infer<typeof bookingSearchAnswerSchema>;
