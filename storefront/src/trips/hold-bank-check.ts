/**
 * Pay Now across the bank's 3-D Secure check (issue 36): My Trips is left for the bank's page and
 * comes back with `payment_intent` added to its address; which held trip that payment was for is
 * kept in this tab's session storage meanwhile. Never the card.
 */
export interface HoldBankCheck {
  tripId: string;
  paymentId: string;
}

const KEY = 'contrail.hold-bank-check';

export function saveHoldBankCheck(check: HoldBankCheck): boolean {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(check));
    return true;
  } catch {
    return false;
  }
}

/** The check this return is for (the same trip and payment); null when there is none. */
export function findHoldBankCheck(tripId: string, search: string): HoldBankCheck | null {
  const paymentId = new URLSearchParams(search).get('payment_intent');
  if (!paymentId) return null;
  try {
    const raw = window.sessionStorage.getItem(KEY);
    const check = raw ? (JSON.parse(raw) as HoldBankCheck) : null;
    return check?.tripId === tripId && check.paymentId === paymentId ? check : null;
  } catch {
    return null;
  }
}

export function forgetHoldBankCheck(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
