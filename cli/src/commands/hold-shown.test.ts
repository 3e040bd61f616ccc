import { describe, expect, it } from 'vitest';
import { holdLine, statusShown, type AdminBooking } from './hold-shown.js';

const hold = {
  state: 'held' as const,
  paymentRequiredBy: '2026-11-30T10:00:00.000Z',
  priceGuaranteeExpiresAt: '2026-11-29T22:00:00.000Z',
  amount: '553.50',
  currency: 'USD',
  priceChanged: false,
};
const booking = (extra: Partial<AdminBooking>) => ({ status: 'pending', hold: null, ...extra }) as AdminBooking;

describe('held trips in contrail bookings', () => {
  it('lists a held trip as held and a lapsed hold as expired; others by their status', () => {
    expect(statusShown(booking({ hold }))).toBe('held');
    expect(statusShown(booking({ status: 'cancelled', hold: { ...hold, state: 'expired' } }))).toBe('expired');
    expect(statusShown(booking({ status: 'confirmed' }))).toBe('confirmed');
  });

  it('shows what to pay, by when, and until when the price is guaranteed', () => {
    expect(holdLine(hold, 'UTC')).toBe(
      'held, pay 553.50 USD by 2026-11-30 10:00, price guaranteed until 2026-11-29 22:00',
    );
    expect(holdLine({ ...hold, priceChanged: true, priceGuaranteeExpiresAt: null }, 'UTC')).toBe(
      'held, pay 553.50 USD (the airline changed the price) by 2026-11-30 10:00',
    );
    expect(holdLine({ ...hold, state: 'expired' }, 'UTC')).toBe('expired: not paid by 2026-11-30 10:00');
  });
});
