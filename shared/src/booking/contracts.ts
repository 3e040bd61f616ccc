import { z } from 'zod';
import { INVALID_OFFER_ID_MESSAGE, OFFER_ID_PATTERN } from '../flights/verify-offer-messages.js';
import { passengerShapeSchema } from './passenger.js';
import { viewStatusSchema } from './view.js';
import { acceptedPriceChangeSchema } from './price-change.js';

/** Request and response contracts of the booking and payment calls (seed 001 §3, §7). */

export const PAYMENT_MESSAGES = {
  cardDetailsRequired: 'Card details are required for card payment',
  unknown: 'Unknown payment error',
  failedWithStatus: (status: number) => `Payment failed with status ${status}`,
} as const;

/** A path on this site ("/booking?offer=..."), never one that leads to another ("//host", "/\\host"). */
export const returnPathSchema = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])[^\s\\]*$/, 'Return path must be a path on this site');

/** The payment id of a call's path (a processor's id: letters, digits and underscores). */
export const paymentIdSchema = z
  .string()
  .max(255)
  .regex(/^[A-Za-z0-9_]+$/, 'Payment id must be letters, digits and underscores');

const cardText = (max: number) => z.string().trim().max(max);

/** Card fields as the form sends them; the number may carry grouping spaces. */
export const cardDetailsSchema = z.object({
  number: cardText(23)
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Card number must be 12 to 19 digits')),
  expiryMonth: cardText(2).regex(/^(0?[1-9]|1[0-2])$/, 'Expiry month must be 1 to 12'),
  expiryYear: cardText(4).regex(/^(\d{2}|\d{4})$/, 'Expiry year must be 2 or 4 digits'),
  cvv: cardText(4).regex(/^\d{3,4}$/, 'CVV must be 3 or 4 digits'),
  holderName: cardText(100).min(3, 'Please enter the name as it appears on your card'),
});
export type CardDetailsInput = z.input<typeof cardDetailsSchema>;

export const currencySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'Currency must be a 3-letter ISO code')
  .transform((value) => value.toUpperCase());

/** An offer id as Duffel makes them: anything else is refused before a provider is asked about it. */
export const offerIdSchema = z
  .string()
  .trim()
  .min(1, { message: 'Offer id is required', abort: true })
  .regex(OFFER_ID_PATTERN, INVALID_OFFER_ID_MESSAGE);

/** A decimal amount in major units as the client shows it (e.g. 553.50). */
export const amountSchema = z.number('Amount must be a number').positive('Amount must be positive').max(1_000_000);

/** Seats as the storefront sends them with process-card and the booking (one per passenger and flight). */
export const seatRequestsSchema = z
  .array(
    z.object({
      passengerId: z.string().trim().min(1).max(100),
      segmentId: z.string().trim().min(1).max(100),
      designator: z.string().trim().min(1).max(10),
      serviceId: z.string().trim().min(1).max(100),
    }),
  )
  .max(40)
  .optional();
export type SeatRequest = NonNullable<z.output<typeof seatRequestsSchema>>[number];

/**
 * Bags as the storefront sends them with process-card and the booking (issue 35): the offer's bag
 * services and how many of each, pre-selected from the bags the traveller said they bring.
 */
export const bagRequestsSchema = z
  .array(
    z.object({
      serviceId: z.string().trim().min(1).max(100),
      quantity: z.number('Bag quantity must be a number').int('Bag quantity must be a whole number').min(1).max(10),
    }),
  )
  .max(60)
  .optional();
export type BagRequest = NonNullable<z.output<typeof bagRequestsSchema>>[number];

/** POST /api/payments/process-card. The engine prices the offer itself and refuses a different amount. */
export const processCardRequestSchema = z.object({
  offerId: offerIdSchema,
  amount: amountSchema,
  currency: currencySchema,
  cardDetails: z.object(cardDetailsSchema.shape, {
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? PAYMENT_MESSAGES.cardDetailsRequired
        : 'Card details must be an object',
  }),
  /** Seats are charged with the offer: the engine prices them from the airline's seat maps. */
  seats: seatRequestsSchema,
  /** Bags are charged with the offer too, at the airline's price of its bag services. */
  bags: bagRequestsSchema,
  /**
   * Where on this site the bank's 3-D Secure challenge sends the traveller back to (a path: the
   * engine puts this site's origin before it, so it can never lead elsewhere).
   */
  returnPath: returnPathSchema.optional(),
});
export type ProcessCardRequest = z.output<typeof processCardRequestSchema>;
export type ProcessCardRequestInput = z.input<typeof processCardRequestSchema>;

export const processCardResponseSchema = z.object({
  success: z.boolean(),
  paymentId: z.string().optional(),
  error: z.string().optional(),
  message: z.string().optional(),
  /** With `error` AUTHENTICATION_REQUIRED: the bank's 3-D Secure challenge, to open in the traveller's browser. */
  redirectUrl: z.string().optional(),
});
export type ProcessCardResponse = z.infer<typeof processCardResponseSchema>;

/** The booking's payment part; card details, if sent again, are never kept (only the last four). */
export const paymentDetailsSchema = z.object({
  amount: amountSchema,
  currency: currencySchema,
  cardDetails: cardDetailsSchema.partial().optional(),
});

/**
 * POST /api/bookings. Passengers here are checked for shape only: the rules that depend on the
 * offer and today's date are `passengersSchema(context)`, applied once the offer is known.
 */
export const bookingRequestSchema = z.object({
  offerId: offerIdSchema,
  passengers: z
    .array(passengerShapeSchema, 'At least one passenger is required')
    .min(1, 'At least one passenger is required')
    .max(9),
  paymentDetails: paymentDetailsSchema,
  paymentId: z.string().trim().min(1, 'Payment id is required').max(255),
  seats: seatRequestsSchema,
  bags: bagRequestsSchema,
  /** Issue 36: the traveller accepted a new price (shared/src/booking/price-change.ts). */
  priceChange: acceptedPriceChangeSchema.optional(),
});
export type BookingRequest = z.output<typeof bookingRequestSchema>;
export type BookingRequestInput = z.input<typeof bookingRequestSchema>;

export const accountInfoSchema = z.object({
  username: z.string(),
  password: z.string(),
  email: z.string(),
});

/**
 * POST /api/bookings: 201 once the booking is confirmed; 202 while the airline has not answered yet
 * (`status` pending, `message` says to send the same request again).
 */
export const bookingResponseSchema = z.object({
  id: z.string(),
  /** The provider's booking id; its first 8 characters uppercased are the shown reference. */
  duffelBookingId: z.string(),
  reference: z.string().nullable().optional(),
  status: viewStatusSchema.optional(),
  accountCreated: z.boolean(),
  /** Only when an account was created: the password is shown once and never stored in clear. */
  accountInfo: accountInfoSchema.optional(),
  emailContent: z.string().optional(),
  message: z.string().optional(),
});
export type BookingResponse = z.infer<typeof bookingResponseSchema>;

/**
 * Every error answer of the booking API: a message for the traveller, the refusal's `code`
 * (shared/src/booking/refusal-codes.ts, or a provider's or a limit's), field problems as `errors`,
 * and the refusal's details beside them (the expected amount, the booking id...).
 */
export const errorAnswerSchema = z.looseObject({
  message: z.string().min(1),
  code: z
    .string()
    .regex(/^[A-Z][A-Z0-9_]*$/)
    .optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;
