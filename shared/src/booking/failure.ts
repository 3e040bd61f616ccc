/**
 * Why a checkout failed, as recorded on the booking and told to the traveller: the airline changed
 * the price (PRICE_CHANGED), the offer expired or is no longer sold (OFFER_EXPIRED), or anything
 * else (BOOKING_FAILED).
 */
export const BOOKING_FAILURE_CODES = ['PRICE_CHANGED', 'OFFER_EXPIRED', 'BOOKING_FAILED'] as const;
export type BookingFailureCode = (typeof BOOKING_FAILURE_CODES)[number];

/** What the traveller is told when the airline answers the order with a new price (Duffel's `price_changed`). */
export const PRICE_CHANGED_MESSAGE =
  'The airline changed the price of this flight before it could be booked, so it was not booked and you have not been charged. Please search again to see the current price.';
