// Offer verification's codes and messages, apart from its zod schema (verify-offer.ts) so that a
// page needing only these never loads zod.

/**
 * Verification codes of seed 000 §8 (NO_RESPONSE and PARSE_ERROR only arise in the client), plus
 * INVALID_OFFER_ID for an id that cannot be an offer id at all.
 */
export const VERIFY_OFFER_CODES = [
  'MISSING_OFFER_ID',
  'INVALID_OFFER_ID',
  'NO_RESPONSE',
  'PARSE_ERROR',
  'OFFER_EXPIRED',
  'API_ERROR',
  'UNEXPECTED_RESPONSE',
] as const;
export type VerifyOfferCode = (typeof VERIFY_OFFER_CODES)[number];

export const OFFER_ID_REQUIRED_MESSAGE = 'Offer ID is required';
export const OFFER_EXPIRED_MESSAGE = 'This flight offer has expired. Please select another flight.';
export const OFFER_VALID_MESSAGE = 'Offer is valid';
export const INVALID_OFFER_ID_MESSAGE = 'Offer ID is invalid: flight offer ids look like off_...';
/** Offer ids as Duffel and the sandbox make them. */
export const OFFER_ID_PATTERN = /^off_[A-Za-z0-9_-]{1,200}$/;
export const apiErrorMessage = (status: number) => `Error checking offer validity (${status})`;
