/** Why a command was refused; the stream is unchanged. */
export type RefusalCode =
  | 'ALREADY_STARTED'
  | 'NOT_STARTED'
  | 'INVALID_AMOUNT'
  | 'OFFER_EXPIRED'
  | 'BOOKING_FAILED'
  | 'NO_PASSENGERS'
  | 'UNKNOWN_PASSENGER'
  | 'CHECKOUT_CLOSED'
  | 'INVALID_SEATS'
  | 'AMOUNT_MISMATCH'
  | 'INVALID_CARD_LAST4'
  | 'PAYMENT_ALREADY_AUTHORIZED'
  | 'PAYMENT_NOT_AUTHORIZED'
  | 'PAYMENT_MISMATCH'
  | 'PAYMENT_ALREADY_CAPTURED'
  | 'PAYMENT_NOT_CAPTURED'
  | 'ORDER_ALREADY_CREATED'
  | 'NO_ORDER'
  | 'ALREADY_CONFIRMED'
  | 'NOT_CONFIRMED'
  | 'ALREADY_CANCELLED'
  | 'ALREADY_COMPLETED'
  | 'CANCELLATION_IN_PROGRESS'
  | 'NO_CANCELLATION'
  | 'NOT_REFUNDABLE'
  | 'ALREADY_DEPARTED'
  | 'TRIP_NOT_OVER'
  | 'ORDER_NOT_CANCELLED'
  | 'REFUND_TOO_LARGE'
  | 'CUSTOMER_ALREADY_SET'
  | 'NO_QUOTE'
  | 'QUOTE_EXPIRED';

export class BookingRefused extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
  ) {
    super(message);
    this.name = 'BookingRefused';
  }
}

export const refuse = (code: RefusalCode, message: string): never => {
  throw new BookingRefused(code, message);
};

export const OFFER_EXPIRED_REFUSAL =
  'This flight offer has expired. Please return to search and select another flight.';
