import { decimalAmount } from '@contrail/shared/booking/money';
import type { BookingMoney } from '@contrail/shared/support-desk/acting';
import type { PresentedBooking } from '../bookings/read-model/present.js';

/**
 * A booking's money as the support desk shows it: the card hold, what was captured and refunded,
 * and what a cancellation kept (the airline's fee, the service fee) and why. From the booking's
 * own fold: no second copy of the money to drift.
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
    captured: amount(payment?.status === 'captured' ? payment.amount.amount : 0),
    refunded: amount(payment?.refunded ?? 0),
    kept: view.bookingData.refund?.kept ?? [],
    cardLast4: payment?.cardLast4 ?? null,
    paymentStatus: payment?.status ?? 'none',
  };
}
