/**
 * Every code the booking API refuses with (the `code` of its error answers), with the HTTP status
 * each one gets: the one table the engine answers from, and the list the storefront and the CLI
 * switch on. A refusal changes nothing; 409s are refusals of the booking's current state.
 */
export const REFUSAL_STATUS = {
  // The request itself (bad input, a key used twice): 4xx, never retried as is.
  VALIDATION_ERROR: 400,
  INVALID_CARD: 400,
  INVALID_IDEMPOTENCY_KEY: 400,
  AMOUNT_MISMATCH: 400,
  NO_PAYMENT: 400,
  NOT_FOUND: 404,
  BRAND_NOT_FOUND: 404,
  OFFER_EXPIRED: 410,
  IDEMPOTENCY_KEY_REUSED: 422,
  // Another request holds the key, or the payment serves another booking.
  REQUEST_IN_PROGRESS: 409,
  PAYMENT_ALREADY_USED: 409,
  PAYMENT_NOT_AUTHORIZED: 409,
  // The booking's own failure (shared/src/booking/failure.ts).
  BOOKING_FAILED: 409,
  PRICE_CHANGED: 409,
  // The booking's state does not allow the command (the decider's refusals).
  ALREADY_STARTED: 409,
  NOT_STARTED: 409,
  INVALID_AMOUNT: 409,
  NO_PASSENGERS: 409,
  UNKNOWN_PASSENGER: 409,
  CHECKOUT_CLOSED: 409,
  INVALID_SEATS: 409,
  INVALID_BAGS: 409,
  INVALID_CARD_LAST4: 409,
  PAYMENT_ALREADY_AUTHORIZED: 409,
  PAYMENT_MISMATCH: 409,
  PAYMENT_ALREADY_CAPTURED: 409,
  PAYMENT_NOT_CAPTURED: 409,
  ORDER_ALREADY_CREATED: 409,
  NO_ORDER: 409,
  ALREADY_CONFIRMED: 409,
  NOT_CONFIRMED: 409,
  ALREADY_CANCELLED: 409,
  ALREADY_COMPLETED: 409,
  CANCELLATION_IN_PROGRESS: 409,
  NO_CANCELLATION: 409,
  NOT_REFUNDABLE: 409,
  ALREADY_DEPARTED: 409,
  // A change or extras bought after booking (issue 36): one at a time.
  PURCHASE_IN_PROGRESS: 409,
  NO_PURCHASE: 409,
  TRIP_NOT_OVER: 409,
  ORDER_NOT_CANCELLED: 409,
  REFUND_TOO_LARGE: 409,
  CUSTOMER_ALREADY_SET: 409,
  NO_QUOTE: 409,
  QUOTE_EXPIRED: 409,
  /** No airline schedule change of that id waits for an answer (issue #36). */
  NO_SCHEDULE_CHANGE: 409,
  /** The payment was given back (voided unused) before this booking could claim it. */
  PAYMENT_RELEASED: 409,
  // Hold now, pay later (issue 36): the fare must be paid now, the trip is not held, or its hold ran out.
  HOLD_NOT_AVAILABLE: 409,
  NOT_HELD: 409,
  HOLD_EXPIRED: 410,
  // A dependency is down: try again (the only refusal a repeat of the key may not get again).
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type RefusalCode = keyof typeof REFUSAL_STATUS;

export const REFUSAL_CODES = Object.keys(REFUSAL_STATUS) as RefusalCode[];

export const isRefusalCode = (code: unknown): code is RefusalCode =>
  typeof code === 'string' && Object.hasOwn(REFUSAL_STATUS, code);

/** Answers of process-card that are not refusals of the request but of the payment (seed 001 §8). */
export const PAYMENT_FAILED = 'PAYMENT_FAILED';
export const PAYMENT_ERROR = 'PAYMENT_ERROR';
/** process-card's answer for a card whose bank asks the traveller to authenticate first (3-D Secure). */
export const AUTHENTICATION_REQUIRED = 'AUTHENTICATION_REQUIRED';
