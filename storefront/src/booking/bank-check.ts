import type { Passenger } from '@contrail/shared/booking/passenger';
import type { BagChoice } from '@contrail/shared/pricing/bags';
import type { SeatChoice } from './seats';

/**
 * The payment step across the bank's 3-D Secure check: the page is left for the bank's and comes
 * back (`payment_intent` added to its address), so what the booking still needs is kept in this
 * tab's session storage meanwhile, and removed once the return was handled. Never the card: only its last four digits.
 */
export interface BankCheckDraft {
  offerId: string;
  paymentId: string;
  passengers: Passenger[];
  seats: SeatChoice[];
  /** Absent on drafts kept before bags were sold; `bagsAmount` is their price, in currency units. */
  bags?: BagChoice[];
  bagsAmount?: number;
  holderName: string;
  cardLastFour: string;
}

const KEY = 'contrail.bank-check';
// The way back from the bank's page is the same for every payment (checkout, Pay Now).
export { RETURN_PARAMS, returnPathOf } from '../app/bank-return';

export function saveBankCheck(draft: BankCheckDraft): boolean {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

/** The draft this return is for (same offer and payment); null when there is none. */
export function findBankCheck(offerId: string, params: URLSearchParams): BankCheckDraft | null {
  const paymentId = params.get('payment_intent');
  if (!paymentId) return null;
  try {
    const raw = window.sessionStorage.getItem(KEY);
    const draft = raw ? (JSON.parse(raw) as BankCheckDraft) : null;
    return draft?.offerId === offerId && draft.paymentId === paymentId ? draft : null;
  } catch {
    return null;
  }
}

/** Once the return was handled (booked or not): a reload then starts the step afresh. */
export function forgetBankCheck(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
