/** The engine's answer to `GET /api/flights/verify-offer/:id` for an offer still bookable for 25 minutes. */
export const validOffer = (offerId = 'off_1') => ({
  valid: true,
  message: 'Offer is valid',
  error: null,
  offer_id: offerId,
  // From the clock, as the engine answers: the details page stops booking once it has passed.
  expires_at: new Date(Date.now() + 25 * 60_000).toISOString(),
  minutes_remaining: 25,
});
