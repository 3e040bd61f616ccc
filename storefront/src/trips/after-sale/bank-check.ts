import { AUTHENTICATION_REQUIRED } from '@contrail/shared/booking/refusal-codes';
import { useLocation } from 'react-router';
import { returnPathOf } from '../../app/bank-return';
import { savePurchaseBankCheck } from '../purchase-bank-check';

/** Where the bank's check sends the traveller back: this page (My Trips), without a previous return's params. */
export const usePurchaseReturnPath = () => returnPathOf(useLocation());

interface Answer {
  error?: string;
  paymentId?: string;
  redirectUrl?: string;
  purchase?: { purchaseId: string };
}

/** The engine asked for the bank's check: the trip and purchase are kept, and the traveller goes to their bank. */
export function followBankCheck(tripId: string, answer: Answer | undefined): void {
  if (answer?.error !== AUTHENTICATION_REQUIRED || !answer.redirectUrl || !answer.paymentId || !answer.purchase) return;
  savePurchaseBankCheck({ tripId, purchaseId: answer.purchase.purchaseId, paymentId: answer.paymentId });
  window.location.assign(answer.redirectUrl);
}
