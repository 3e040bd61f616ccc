import { holdField, type WithHold } from '@contrail/shared/booking/hold-view';
import { adminBookingSchema, type AdminBooking as PlainBooking } from '@contrail/shared/booking/view';
import { z } from 'zod';

/** Support's booking answer with a held trip's hold (issue 36). */
export const heldAdminBookingListSchema = z.array(adminBookingSchema.extend(holdField));
export type AdminBooking = WithHold<PlainBooking>;
import { localTime } from '../output/time.js';

/** A held trip reads "held" (its order awaits payment), a lapsed hold "expired" (issue 36). */
export const statusShown = (booking: AdminBooking) =>
  booking.hold ? (booking.hold.state === 'expired' ? 'expired' : 'held') : booking.status;

/** A held trip's hold, in one line: until when, at what price (issue 36). */
export function holdLine(hold: NonNullable<AdminBooking['hold']>, timeZone: string): string {
  if (hold.state === 'expired') return `expired: not paid by ${localTime(hold.paymentRequiredBy, timeZone)}`;
  const guarantee = hold.priceGuaranteeExpiresAt
    ? `, price guaranteed until ${localTime(hold.priceGuaranteeExpiresAt, timeZone)}`
    : '';
  const changed = hold.priceChanged ? ' (the airline changed the price)' : '';
  return `${hold.state}, pay ${hold.amount} ${hold.currency}${changed} by ${localTime(hold.paymentRequiredBy, timeZone)}${guarantee}`;
}
