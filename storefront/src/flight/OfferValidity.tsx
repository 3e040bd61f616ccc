import type { VerifyOfferResult } from '@contrail/shared/flights/verify-offer';
import { OFFER_EXPIRED_MESSAGE } from '@contrail/shared/flights/verify-offer-messages';
import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import CheckCircle2 from 'lucide-react/icons/circle-check';
import Clock from 'lucide-react/icons/clock';
import { Spinner } from '../ui/spinner';

export const VERIFY_FAILED_MESSAGE = 'Unable to verify offer validity. Please return to search.';

export type Validity = 'checking' | 'valid' | 'expired' | 'error';

export function validityOf(result: VerifyOfferResult | undefined, checking: boolean): Validity {
  if (checking || !result) return 'checking';
  if (result.valid) return 'valid';
  return result.error === 'OFFER_EXPIRED' ? 'expired' : 'error';
}

/** A valid answer whose hold has since run out, as the engine would now answer it (410). */
export function expiredResult(result: VerifyOfferResult | undefined): VerifyOfferResult {
  return {
    valid: false,
    error: 'OFFER_EXPIRED',
    message: OFFER_EXPIRED_MESSAGE,
    offer_id: result?.offer_id ?? null,
    expires_at: result?.expires_at ?? null,
    minutes_remaining: 0,
  };
}

/** Seed 000 §4 offer validity: valid, expired (410) or error, with the seed's messages. */
export function OfferValidity({ result, validity }: { result: VerifyOfferResult | undefined; validity: Validity }) {
  if (validity === 'checking') {
    return (
      <p role="status" className="flex items-center gap-2 rounded-lg bg-subtle px-4 py-3 text-sm">
        <Spinner /> Checking that this price is still available...
      </p>
    );
  }
  if (validity === 'valid') {
    const minutes = result?.minutes_remaining;
    return (
      <p
        role="status"
        className="flex flex-wrap items-center gap-2 rounded-lg border border-success/40 bg-success/10 px-4 py-3 text-sm"
      >
        <CheckCircle2 className="h-4 w-4 text-[#2f7a0e]" aria-hidden />
        <span className="font-medium">This offer is available.</span>
        {typeof minutes === 'number' && (
          <span className="inline-flex items-center gap-1 text-muted-foreground">
            <Clock className="h-4 w-4" aria-hidden />
            Offers expire after about 30 minutes; this price is held for {minutes} more minute{minutes === 1 ? '' : 's'}
            .
          </span>
        )}
      </p>
    );
  }
  return (
    <p
      role="alert"
      className="flex items-center gap-2 rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm font-medium"
    >
      <AlertTriangle className="h-4 w-4 shrink-0 text-destructive-text" aria-hidden />
      {validity === 'expired' ? result?.message : VERIFY_FAILED_MESSAGE}
    </p>
  );
}
