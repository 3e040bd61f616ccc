import { z } from 'zod';
import { BOOKING_FAILURE_CODES } from './failure.js';
import { bookingRefundSchema, bookingSeatSchema } from './refund.js';
import { BOOKING_STATUSES, PENDING_REASONS } from './status.js';

/**
 * The stored booking of seed 001 §3 as the engine answers it: My Trips (`GET /api/bookings`,
 * `GET /api/bookings/:id`), guest bookings, and the admin booking list. A reader drops fields it
 * does not know (zod's default), so the engine may add fields, never take them away.
 */

/** An airport as a stored booking shows it. */
export const bookingPlaceSchema = z.object({
  iata_code: z.string(),
  city_name: z.string(),
  name: z.string(),
  country_code: z.string(),
});
export type BookingPlace = z.infer<typeof bookingPlaceSchema>;

export const bookingSegmentSchema = z.object({
  id: z.string(),
  departing_at: z.string(),
  arriving_at: z.string(),
  origin: bookingPlaceSchema,
  destination: bookingPlaceSchema,
  duration: z.string().nullable(),
  flight_number: z.string(),
  operating_carrier: z.object({ name: z.string(), iata_code: z.string().nullable(), logo_url: z.string().nullable() }),
});
export type BookingSegment = z.infer<typeof bookingSegmentSchema>;

export const bookingSliceSchema = z.object({
  id: z.string(),
  origin: bookingPlaceSchema,
  destination: bookingPlaceSchema,
  departure_time: z.string(),
  arrival_time: z.string(),
  duration: z.string().nullable(),
  segments: z.array(bookingSegmentSchema),
});
export type BookingSlice = z.infer<typeof bookingSliceSchema>;

export const bookingCancellationOptionSchema = z.object({
  type: z.string(),
  penalty_amount: z.string().nullable(),
  penalty_currency: z.string().nullable(),
});
export type BookingCancellationOption = z.infer<typeof bookingCancellationOptionSchema>;

/** Booking status as travellers see it, plus `failed` for checkouts that never became a booking. */
export const VIEW_STATUSES = [...BOOKING_STATUSES, 'failed'] as const;
export const viewStatusSchema = z.enum(VIEW_STATUSES);
export type ViewStatus = z.infer<typeof viewStatusSchema>;

/** A traveller of a booking; the names read "[erased]" once their data was erased. */
export const bookingPassengerViewSchema = z.object({
  id: z.string(),
  type: z.string(),
  given_name: z.string(),
  family_name: z.string(),
});
export type BookingPassengerView = z.infer<typeof bookingPassengerViewSchema>;

export const bookingDataSchema = z.object({
  id: z.string(),
  booking_reference: z.string().nullable(),
  slices: z.array(bookingSliceSchema),
  passengers: z.array(bookingPassengerViewSchema),
  conditions: z.object({ refundable: z.boolean(), cancellation_options: z.array(bookingCancellationOptionSchema) }),
  /** Decimal, in the booking's currency ("553.50"). */
  total_amount: z.string(),
  total_currency: z.string(),
  card_last4: z.string().nullable(),
  /** Seats bought, per passenger and flight (segment id of `slices[].segments[]`). */
  seats: z.array(bookingSeatSchema),
  /** Once the airline cancelled the booking: what is refunded, and what was kept and why. */
  refund: bookingRefundSchema.nullable(),
});
export type BookingData = z.infer<typeof bookingDataSchema>;

/** `GET /api/bookings` (a list of these) and `GET /api/bookings/:id`. */
export const bookingViewSchema = z.object({
  id: z.string(),
  /** The provider's booking reference (the airline's record locator); null until the order exists. */
  duffelBookingId: z.string().nullable(),
  reference: z.string().nullable(),
  status: viewStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Confirmed, cancellable by its fare conditions and not departed: POST .../cancel would be accepted. */
  canCancel: z.boolean(),
  /** While pending: why, when the traveller should know (PENDING_REASON_TEXT says it); null otherwise. */
  pendingReason: z.enum(PENDING_REASONS).nullable(),
  /** Why a `failed` checkout failed (null otherwise, or when recorded before codes were). */
  failureCode: z.enum(BOOKING_FAILURE_CODES).nullable(),
  bookingData: bookingDataSchema,
});
export type BookingView = z.infer<typeof bookingViewSchema>;
export const bookingListSchema = z.array(bookingViewSchema);

/**
 * `GET /api/bookings/guest`: a guest booking as its email's owner sees it before adding it, the
 * trip without the travellers' names (the email may be a stranger's typo).
 */
export const guestBookingSchema = bookingViewSchema.extend({
  bookingData: bookingDataSchema.extend({
    passengers: z.array(bookingPassengerViewSchema.pick({ id: true, type: true })),
  }),
});
export type GuestBooking = z.infer<typeof guestBookingSchema>;
export const guestBookingListSchema = z.array(guestBookingSchema);

/** `POST /api/bookings/:id/confirm`: the guest booking, now in My Trips. */
export const guestBookingAddedSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  booking: bookingViewSchema,
});
export type GuestBookingAdded = z.infer<typeof guestBookingAddedSchema>;

/** One row of `GET /api/admin/bookings`: the stored booking plus what support needs. */
export const adminBookingSchema = bookingViewSchema.extend({
  brandKey: z.string(),
  customerId: z.string().nullable(),
  offerId: z.string(),
  paymentId: z.string().nullable(),
  paymentStatus: z.enum(['authorized', 'captured', 'voided']).nullable(),
  failure: z.string().nullable(),
});
export type AdminBooking = z.infer<typeof adminBookingSchema>;
export const adminBookingListSchema = z.array(adminBookingSchema);
