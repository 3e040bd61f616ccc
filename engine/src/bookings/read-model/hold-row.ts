import { bookingReference } from '@contrail/shared/booking/status';
import type { BookingEvent } from '../domain/events.js';
import type { Money } from '@contrail/shared/booking/money';

/** A held trip (issue 36): what My Trips shows of its hold; null on bookings paid at once. */
export interface RowHold {
  state: 'requested' | 'held' | 'paying' | 'expired';
  paymentRequiredBy: string;
  priceGuaranteeExpiresAt: string | null;
  price: Money;
  priceChanged: boolean;
}

/** The fields of a bookings row (row.ts) the hold events change. */
interface HeldRowFields {
  status: string;
  total: Money;
  hold: RowHold | null;
  orderId: string | null;
  providerReference: string | null;
  reference: string | null;
  paymentId: string | null;
  paymentStatus: 'authorized' | 'captured' | 'voided' | null;
  cardLast4: string | null;
}

/** The hold events that change a row (issue 36). */
export const holdRowEvents = [
  'HoldRequested',
  'OrderHeld',
  'HoldPaymentAuthorized',
  'HoldPriceChanged',
  'HoldExpired',
] as const;

/** What a hold event does to a row: a held trip is pending (upcoming) until paid, cancelled once expired. */
export function holdRowChange<Row extends HeldRowFields>(row: Row, event: BookingEvent): Row {
  switch (event.type) {
    case 'HoldRequested': {
      const { paymentRequiredBy, priceGuaranteeExpiresAt } = event.data;
      const hold = {
        state: 'requested' as const,
        paymentRequiredBy,
        priceGuaranteeExpiresAt,
        price: row.total,
        priceChanged: false,
      };
      return { ...row, hold };
    }
    case 'OrderHeld': {
      const { orderId, bookingReference: locator, price, paymentRequiredBy, priceGuaranteeExpiresAt } = event.data;
      const hold = { state: 'held' as const, paymentRequiredBy, priceGuaranteeExpiresAt, price, priceChanged: false };
      return { ...row, orderId, providerReference: locator, reference: bookingReference(locator), total: price, hold };
    }
    case 'HoldPaymentAuthorized': {
      const { paymentId, cardLast4, amount } = event.data;
      const hold = row.hold && { ...row.hold, state: 'paying' as const };
      return { ...row, paymentId, paymentStatus: 'authorized', cardLast4, total: amount, hold };
    }
    case 'PaymentVoided':
      return row.hold?.state === 'paying' ? { ...row, hold: { ...row.hold, state: 'held' } } : row;
    case 'HoldPriceChanged': {
      const { price } = event.data;
      return row.hold ? { ...row, total: price, hold: { ...row.hold, price, priceChanged: true } } : row;
    }
    case 'HoldExpired':
      return row.hold ? { ...row, status: 'cancelled' as Row['status'], hold: { ...row.hold, state: 'expired' } } : row;
    default:
      return row;
  }
}
