/** The engine's answer to `GET /api/flights/verify-offer/:id` for an offer still bookable for 25 minutes. */
export const validOffer = (offerId = 'off_1') => ({
  valid: true,
  message: 'Offer is valid',
  error: null,
  offer_id: offerId,
  expires_at: '2026-12-01T00:00:00Z',
  minutes_remaining: 25,
});
