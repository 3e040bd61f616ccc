import { decimalAmount } from '@contrail/shared/booking/money';
import type { BookingMoney } from '@contrail/shared/support-desk/acting';
import type { PresentedBooking } from '../bookings/read-model/present.js';

/**
 * A booking's money as the support desk shows it: the card hold, what was captured and refunded,
 * and what a cancellation kept (the airline's fee, the service fee) and why. From the booking's
 * own fold: no second copy of the money to drift. Captured and refunded count every payment of the
 * booking: its own and the changes and extras paid after booking (issue 36).
 */
export function bookingMoneyOf({ state, view }: Pick<PresentedBooking, 'state' | 'view'>): BookingMoney {
  const { payment } = state;
  const currency = payment?.amount.currency ?? state.booking.price.currency;
  const amount = (minor: number) => decimalAmount(minor, currency);
  const held = payment && payment.status !== 'voided' ? payment.amount.amount : 0;
  return {
    bookingId: state.booking.bookingId,
    currency,
    authorized: amount(held),
    captured: amount((payment?.status === 'captured' ? payment.amount.amount : 0) + paidAfterBooking(state)),
    refunded: amount(
      (payment?.refunded ?? 0) + (state.purchases ?? []).reduce((sum, purchase) => sum + (purchase.refunded ?? 0), 0),
    ),
    kept: view.bookingData.refund?.kept ?? [],
    cardLast4: payment?.cardLast4 ?? null,
    paymentStatus: payment?.status ?? 'none',
  };
}

/** What the changes and extras bought after booking captured, in minor units. */
function paidAfterBooking(state: PresentedBooking['state']): number {
  return (state.purchases ?? []).reduce((sum, purchase) => sum + (purchase.paymentId ? purchase.amount.amount : 0), 0);
}
