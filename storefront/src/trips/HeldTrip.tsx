import { HOLD_EXPIRED_TEXT, PAY_NOW_LABEL, type BookingHold } from '@contrail/shared/booking/hold';
import { formatDate, formatPrice, formatTime } from '@contrail/shared/results/format';
import Clock from 'lucide-react/icons/clock';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { lazyPage } from '../app/lazy-page';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { findHoldBankCheck } from './hold-bank-check';
import { HoldCountdown } from './HoldCountdown';

const PayHoldDialog = lazyPage(() => import('./PayHoldDialog'), 'PayHoldDialog');

const at = (instant: string) => `${formatDate(instant)} ${formatTime(instant)}`;

/** A held trip on My Trips (issue 36): how long the price is held, and Pay Now; or that the hold expired. */
export function HeldTrip({ tripId, hold }: { tripId: string; hold: BookingHold }) {
  // Back from the bank's 3-D Secure check on Pay Now: the dialog opens again to finish the payment.
  const { search } = useLocation();
  const [bankCheck] = useState(() => findHoldBankCheck(tripId, search));
  const [paying, setPaying] = useState(bankCheck !== null);
  if (hold.state === 'expired')
    return (
      <p role="note" className="text-sm font-medium text-destructive">
        {HOLD_EXPIRED_TEXT}
      </p>
    );
  if (hold.state === 'requested' || hold.state === 'paying')
    return (
      <p role="status" className="flex items-center gap-2 text-sm">
        <Spinner />
        {hold.state === 'requested' ? 'Asking the airline to hold this price…' : 'Paying the airline…'}
      </p>
    );
  return (
    <div
      role="group"
      className="grid gap-2 rounded-lg border border-warning/60 bg-warning/10 p-3 text-sm"
      aria-label="Held price"
    >
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Clock className="h-4 w-4" aria-hidden />
        <span>
          Held: pay within <HoldCountdown deadline={hold.paymentRequiredBy} expired="the hold has run out" />
        </span>
        <span className="text-muted-foreground">(by {at(hold.paymentRequiredBy)})</span>
      </p>
      {hold.priceGuaranteeExpiresAt && (
        <p className="text-muted-foreground">
          Price guaranteed for <HoldCountdown deadline={hold.priceGuaranteeExpiresAt} expired="no longer" />; after that
          the airline may change it.
        </p>
      )}
      {hold.priceChanged && (
        <p className="font-medium">
          The airline changed the price: it is {formatPrice(hold.amount, hold.currency)} now.
        </p>
      )}
      <div>
        <Button onClick={() => setPaying(true)}>
          {PAY_NOW_LABEL} · {formatPrice(hold.amount, hold.currency)}
        </Button>
      </div>
      {paying && <PayHoldDialog tripId={tripId} hold={hold} bankCheck={bankCheck} onClose={() => setPaying(false)} />}
    </div>
  );
}
