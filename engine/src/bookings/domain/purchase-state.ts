import type { Money } from '@contrail/shared/booking/money';
import type { BookingEvent, BookingEventOf } from './events.js';
import type { BookingItinerary } from './itinerary.js';

export type PurchaseEvent = Extract<
  BookingEvent,
  {
    type:
      | 'OrderChangeRequested'
      | 'ExtrasRequested'
      | 'PurchaseAuthenticationRequested'
      | 'PurchasePaymentAuthorized'
      | 'PurchaseConfirmed'
      | 'PurchasePaymentCaptured'
      | 'PurchaseFailed'
      | 'PurchaseOutcomeUnknown';
  }
>;

type ChangeData = Omit<BookingEventOf<'OrderChangeRequested'>['data'], 'at' | 'purchaseId' | 'amount'>;
type ExtrasData = Omit<BookingEventOf<'ExtrasRequested'>['data'], 'at' | 'purchaseId' | 'amount'>;

/** A change or extras under way: requested, its card authorized, then confirmed at the airline. */
export interface OpenPurchase {
  purchaseId: string;
  amount: Money;
  status: 'requested' | 'authorized' | 'confirmed';
  paymentId: string | null;
  change: ChangeData | null;
  extras: ExtrasData | null;
  /** The order services the airline added (extras), once confirmed. */
  serviceIds: string[];
  /** The airline's answer was lost and a lookup failed: the finish-purchase job resolves it. */
  outcomeUnknown?: true;
  /** When it was requested: one still requested long after waits for a bank check that was abandoned. */
  requestedAt?: string;
  /** The payments waiting for (or past) the bank's 3-D Secure check, by PaymentIntent id. */
  bankChecks?: string[];
}

/** A purchase settled: paid (captured, or nothing to pay) and confirmed at the airline. */
export interface SettledPurchase {
  purchaseId: string;
  kind: 'change' | 'extras';
  amount: Money;
  paymentId: string | null;
  serviceIds: string[];
  at: string;
  /** Refunded of its payment so far, in minor units (absent: nothing). */
  refunded?: number;
}

/** What after-sale purchases add to a booking's state (absent on bookings that never bought any). */
export interface PurchaseFacts {
  purchase?: OpenPurchase | null;
  purchases?: SettledPurchase[];
  /** The purchases that failed, so a failure reported again (a job run twice, a racing request) changes nothing. */
  failedPurchaseIds?: string[];
}

/** The part of a started booking's state purchases read and change (state.ts's, without importing it). */
interface WithPurchases extends PurchaseFacts {
  booking: { itinerary: BookingItinerary | null; departsAt: string | null; arrivesAt: string | null };
}

function settle<S extends WithPurchases>(state: S, open: OpenPurchase, serviceIds: string[], at: string): S {
  const settled: SettledPurchase = {
    purchaseId: open.purchaseId,
    kind: open.change ? 'change' : 'extras',
    amount: open.amount,
    paymentId: open.paymentId,
    serviceIds,
    at,
  };
  return { ...state, purchase: null, purchases: [...(state.purchases ?? []), settled] };
}

/** The change's flights become the booking's: its itinerary and trip times. */
function applyChange<S extends WithPurchases>(state: S, change: ChangeData): S {
  const itinerary: BookingItinerary | null = state.booking.itinerary
    ? { ...state.booking.itinerary, slices: change.slices }
    : null;
  return {
    ...state,
    booking: { ...state.booking, itinerary, departsAt: change.departsAt, arrivesAt: change.arrivesAt },
  };
}

/** Folds a purchase event: events for another purchase than the open one change nothing. */
export function evolvePurchase<S extends WithPurchases>(state: S, event: PurchaseEvent): S {
  const open = state.purchase ?? null;
  switch (event.type) {
    case 'OrderChangeRequested': {
      const { purchaseId, amount, at, ...change } = event.data;
      const purchase = { purchaseId, amount, status: 'requested' as const, paymentId: null, change, extras: null };
      return { ...state, purchase: { ...purchase, serviceIds: [], requestedAt: at } };
    }
    case 'ExtrasRequested': {
      const { purchaseId, amount, at, ...extras } = event.data;
      const purchase = { purchaseId, amount, status: 'requested' as const, paymentId: null, change: null, extras };
      return { ...state, purchase: { ...purchase, serviceIds: [], requestedAt: at } };
    }
  }
  if (!open || open.purchaseId !== event.data.purchaseId) return state;
  switch (event.type) {
    case 'PurchaseAuthenticationRequested':
      return { ...state, purchase: { ...open, bankChecks: [...(open.bankChecks ?? []), event.data.paymentId] } };
    case 'PurchasePaymentAuthorized':
      return { ...state, purchase: { ...open, status: 'authorized', paymentId: event.data.paymentId } };
    case 'PurchaseConfirmed': {
      const changed = open.change ? applyChange(state, open.change) : state;
      if (open.paymentId === null) return settle(changed, open, event.data.serviceIds, event.data.at);
      return { ...changed, purchase: { ...open, status: 'confirmed', serviceIds: event.data.serviceIds } };
    }
    case 'PurchasePaymentCaptured':
      return settle(state, open, open.serviceIds, event.data.at);
    case 'PurchaseFailed':
      return { ...state, purchase: null, failedPurchaseIds: [...(state.failedPurchaseIds ?? []), open.purchaseId] };
    case 'PurchaseOutcomeUnknown':
      return { ...state, purchase: { ...open, outcomeUnknown: true } };
  }
}
