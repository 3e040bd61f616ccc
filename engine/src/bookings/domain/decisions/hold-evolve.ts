import type { BookingEventOf } from '../events.js';
import type { BookingState, HoldTerms, StartedState } from '../state.js';

export type HoldEventType =
  | 'HoldRequested'
  | 'OrderHeld'
  | 'HoldPaymentAuthorized'
  | 'HoldPaid'
  | 'HoldPriceChanged'
  | 'HoldReminderSent'
  | 'HoldExpired';
export type HoldEvent = { [Type in HoldEventType]: BookingEventOf<Type> }[HoldEventType];

/** What each hold event means (issue 36), in the phases it may come in; the decider never writes another. */
export function evolveHold(state: StartedState, event: HoldEvent): BookingState {
  switch (event.type) {
    case 'HoldRequested': {
      if (state.phase !== 'started') return state;
      const { paymentRequiredBy, priceGuaranteeExpiresAt } = event.data;
      return { ...state, holdRequest: { paymentRequiredBy, priceGuaranteeExpiresAt } };
    }
    case 'OrderHeld': {
      if (state.phase !== 'started') return state;
      const { orderId, bookingReference, providerTotal, price, paymentRequiredBy, priceGuaranteeExpiresAt } =
        event.data;
      const { orderDelay: _delay, holdRequest: _request, ...rest } = state;
      const hold: HoldTerms = {
        orderId,
        heldAt: event.data.at,
        paymentRequiredBy,
        priceGuaranteeExpiresAt,
        providerTotal,
        price,
        priceChanged: false,
        airlinePaymentId: null,
        reminders: [],
      };
      return {
        ...rest,
        phase: 'held',
        booking: { ...state.booking, price },
        order: { orderId, bookingReference, cancelled: false },
        hold,
      };
    }
    case 'HoldPaymentAuthorized': {
      if (state.phase !== 'held') return state;
      const { paymentId, amount, cardLast4 } = event.data;
      return { ...state, payment: { paymentId, amount, cardLast4, status: 'authorized', refunded: 0 } };
    }
    case 'HoldPaid':
      return state.phase === 'held'
        ? { ...state, hold: { ...state.hold, airlinePaymentId: event.data.airlinePaymentId } }
        : state;
    case 'HoldPriceChanged': {
      if (state.phase !== 'held') return state;
      const { providerTotal, price } = event.data;
      return {
        ...state,
        booking: { ...state.booking, price },
        hold: { ...state.hold, providerTotal, price, priceChanged: true },
      };
    }
    case 'HoldReminderSent':
      return state.phase === 'held'
        ? { ...state, hold: { ...state.hold, reminders: [...state.hold.reminders, event.data.reminder] } }
        : state;
    case 'HoldExpired':
      return state.phase === 'held' ? { ...state, phase: 'expired', reason: event.data.reason } : state;
  }
}
