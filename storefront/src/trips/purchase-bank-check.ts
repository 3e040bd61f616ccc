/**
 * Extras and changes after booking across the bank's 3-D Secure check (issue 36): My Trips is left
 * for the bank's page and comes back with `payment_intent` added to its address; which trip and
 * purchase that payment was for is kept in this tab's session storage meanwhile. Never the card.
 */
export interface PurchaseBankCheck {
  tripId: string;
  purchaseId: string;
  paymentId: string;
}

const KEY = 'contrail.purchase-bank-check';

export function savePurchaseBankCheck(check: PurchaseBankCheck): boolean {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(check));
    return true;
  } catch {
    return false;
  }
}

/** The check this return is for (the payment the address names); null when there is none. */
export function findPurchaseBankCheck(search: string, tripId?: string): PurchaseBankCheck | null {
  const paymentId = new URLSearchParams(search).get('payment_intent');
  if (!paymentId) return null;
  try {
    const raw = window.sessionStorage.getItem(KEY);
    const check = raw ? (JSON.parse(raw) as PurchaseBankCheck) : null;
    if (check?.paymentId !== paymentId) return null;
    return tripId === undefined || check.tripId === tripId ? check : null;
  } catch {
    return null;
  }
}

export function forgetPurchaseBankCheck(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
