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

/** `GET /api/flights/verify-offer/:id` (seed 000 §3); 410 when expired. */
export interface VerifyOfferResult {
  valid: boolean;
  message: string;
  error: VerifyOfferCode | null;
  offer_id: string | null;
  expires_at: string | null;
  minutes_remaining: number | null;
  /** The supplied price at verification time, so a changed price is visible before paying. */
  total_amount?: string;
  total_currency?: string;
}

/** Whole minutes left before `expiresAt`, never negative. */
export function minutesRemaining(expiresAt: string, now: Date): number {
  const left = new Date(expiresAt).getTime() - now.getTime();
  return Number.isFinite(left) ? Math.max(0, Math.floor(left / 60_000)) : 0;
}
