import { z } from 'zod';
import { cardDetailsSchema, currencySchema, paymentIdSchema, returnPathSchema } from './contracts.js';

/**
 * Changes and extras after booking (issue 36): the traveller changes the date of a changeable
 * trip, or adds bags, and pays what the airline asks by card. Amounts are decimals in the
 * booking's currency, as shown; the engine refuses a payment for any other amount.
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const id = z.string().trim().min(1).max(200);

/** POST /api/bookings/:id/changes/search: new dates for the flights, one per slice to move (by position). */
export const changeSearchRequestSchema = z.object({
  slices: z
    .array(
      z.object({
        sliceIndex: z.number().int().min(0).max(7),
        departureDate: z.string().regex(DATE, 'Departure date must be a date (yyyy-mm-dd)'),
      }),
    )
    .min(1, 'Choose at least one flight to change')
    .max(8),
});
export type ChangeSearchRequest = z.infer<typeof changeSearchRequestSchema>;

/** A flight of a change offer, as the traveller compares it with the booked one. */
export const changeFlightSchema = z.object({
  origin: z.string(),
  destination: z.string(),
  departingAt: z.string(),
  arrivingAt: z.string(),
  flightNumbers: z.array(z.string()),
});
export type ChangeFlight = z.infer<typeof changeFlightSchema>;

export const changeOfferViewSchema = z.object({
  id: z.string(),
  /** What the new fare costs more than the old one (never negative). */
  fareDifference: z.string(),
  /** The airline's change penalty, from the fare's conditions. */
  penalty: z.string(),
  /** What is charged: the fare difference plus the penalty. */
  amount: z.string(),
  currency: z.string(),
  expiresAt: z.string(),
  flights: z.array(changeFlightSchema),
});
export type ChangeOfferView = z.infer<typeof changeOfferViewSchema>;

const paymentFields = {
  /** The amount shown, decimal: a different one is refused (AMOUNT_MISMATCH). */
  amount: z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, 'Amount must be a decimal amount'),
  currency: currencySchema,
  /** Absent when there is nothing to pay. */
  cardDetails: z.object(cardDetailsSchema.shape).optional(),
  /** Where the bank's 3-D Secure check sends the traveller back; without it such a card is refused. */
  returnPath: returnPathSchema.optional(),
};

/** POST /api/bookings/:id/changes: pay for a change offer and confirm it. */
export const changePurchaseRequestSchema = z.object({ changeOfferId: id, ...paymentFields });
export type ChangePurchaseRequest = z.input<typeof changePurchaseRequestSchema>;

/** A bag the booked trip may still add. */
export const extraOptionSchema = z.object({
  serviceId: z.string(),
  kind: z.enum(['checked', 'carry_on']),
  name: z.string(),
  description: z.string(),
  passengerIds: z.array(z.string()),
  /** "London (LHR) to New York (JFK)": the flights it is for. */
  route: z.string(),
  maximumQuantity: z.number().int(),
  price: z.string(),
  currency: z.string(),
});
export type ExtraOption = z.infer<typeof extraOptionSchema>;

/** POST /api/bookings/:id/extras: pay for bags and seats (services of the order's seat maps) and add them to the order. */
export const extrasPurchaseRequestSchema = z
  .object({
    bags: z
      .array(z.object({ serviceId: id, quantity: z.number().int().min(1).max(10) }))
      .max(40)
      .default([]),
    seats: z
      .array(z.object({ serviceId: id }))
      .max(40)
      .default([]),
    ...paymentFields,
  })
  .refine((request) => request.bags.length + request.seats.length > 0, {
    message: 'Choose at least one bag or seat',
    path: ['bags'],
  });
export type ExtrasPurchaseRequest = z.input<typeof extrasPurchaseRequestSchema>;

/**
 * A change of flights or bags bought after booking, confirmed by the airline: the booking view's
 * `bookingData.purchases` (GET /api/bookings/:id), read by My Trips' after-sale part only, so
 * that the booking view's own schema (in every page's first load) stays as it is.
 */
export const bookingPurchaseSchema = z.object({
  purchaseId: z.string(),
  kind: z.enum(['change', 'extras']),
  /** Decimal, in the booking's currency: what the card was charged. */
  amount: z.string(),
  currency: z.string(),
  at: z.string(),
  bags: z.array(
    z.object({
      kind: z.enum(['checked', 'carry_on']),
      quantity: z.number().int(),
      passenger_ids: z.array(z.string()),
      segment_ids: z.array(z.string()),
    }),
  ),
  /** Seats bought after booking; they are in the booking's `seats` too. */
  seats: z.array(z.object({ passenger_id: z.string(), segment_id: z.string(), designator: z.string() })).default([]),
});
export type BookingPurchase = z.infer<typeof bookingPurchaseSchema>;
export const bookingPurchasesAnswerSchema = z.object({
  bookingData: z.object({ purchases: z.array(bookingPurchaseSchema).default([]) }),
});

/** What the booking bought after it was made, as My Trips lists it. */
export const purchaseViewSchema = z.object({
  purchaseId: z.string(),
  kind: z.enum(['change', 'extras']),
  amount: z.string(),
  currency: z.string(),
  at: z.string(),
});
export type PurchaseView = z.infer<typeof purchaseViewSchema>;

export const AFTER_SALE_MESSAGES = {
  changed: 'Your flights have been changed',
  bagsAdded: 'Your bags have been added',
  seatsAdded: 'Your seats have been added',
  noSeats: 'No seats can be chosen on these flights',
  pending: 'The airline is still confirming. We will email you once it is done; you have not been charged twice.',
  noChangeOffers: 'No flights are available on that date. Try another date.',
  notChangeable: "This fare can't be changed",
  cardRequired: 'Card details are required to pay for this change',
} as const;

export interface PurchaseAnswer {
  success: boolean;
  message: string;
  purchase?: PurchaseView;
  /** AUTHENTICATION_REQUIRED: the traveller goes to `redirectUrl`, their bank's check, then comes back. */
  error?: string;
  paymentId?: string;
  redirectUrl?: string;
}

/** POST /api/bookings/:id/purchases/:purchaseId/authentication: back from the bank's check of this payment. */
export const purchaseAuthenticationSchema = z.object({ paymentId: paymentIdSchema });

/** How long an open purchase may wait for the traveller's bank check before it is given up. */
export const BANK_CHECK_WINDOW_MINUTES = 30;
