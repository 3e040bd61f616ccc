import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { returnPathOf } from '../../app/bank-return';
import { Spinner } from '../../ui/spinner';
import { forgetPurchaseBankCheck, type PurchaseBankCheck } from '../purchase-bank-check';
import { useFinishPurchaseCheckMutation } from './afterSaleApi';
import { PurchaseDone, PurchaseFailure } from './purchase-outcome';

/**
 * Back on My Trips from the bank's check of a purchase after booking: the engine is asked once to
 * finish it (it reads the processor's status), and the bank's params leave the address.
 */
export function FinishBankCheck({ tripId, check }: { tripId: string; check: PurchaseBankCheck }) {
  const [finish, finished] = useFinishPurchaseCheckMutation();
  const location = useLocation();
  const navigate = useNavigate();
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    forgetPurchaseBankCheck();
    void finish({ id: tripId, purchaseId: check.purchaseId, paymentId: check.paymentId })
      .unwrap()
      .catch(() => undefined)
      .finally(() => void navigate(returnPathOf(location), { replace: true }));
  }, [check, finish, location, navigate, tripId]);
  if (finished.data?.success) return <PurchaseDone bought={finished} />;
  if (finished.isError || finished.data) return <PurchaseFailure bought={finished} />;
  return (
    <p role="status" className="flex items-center gap-2 text-sm">
      <Spinner />
      Checking with your bank…
    </p>
  );
}
