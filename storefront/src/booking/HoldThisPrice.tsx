import { HOLD_BUTTON_LABEL, HOLD_SIGN_IN_MESSAGE, isHoldable } from '@contrail/shared/booking/hold';
import type { Passenger } from '@contrail/shared/booking/passenger';
import type { FlightOffer } from '@contrail/shared/flights/offer';
import { formatDate, formatTime } from '@contrail/shared/results/format';
import Clock from 'lucide-react/icons/clock';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCurrentUserQuery } from '../account/authApi';
import { toApiError } from '../app/api-error';
import { Button, buttonClass } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { useHoldPriceMutation } from '../trips/holdApi';
import { newIdempotencyKey } from './booking-flow';

/**
 * "Hold this price" (issue 36) on the payment step, for offers the airline holds unpaid: the
 * trip is held without charging and paid later from My Trips. The fare only: seats and bags chosen
 * are not held.
 */
export function HoldThisPrice({
  offer,
  passengers,
  extras,
}: {
  offer: FlightOffer;
  passengers: Passenger[];
  extras: boolean;
}) {
  const user = useCurrentUserQuery();
  const navigate = useNavigate();
  const [holdPrice, { isLoading }] = useHoldPriceMutation();
  const [key] = useState(() => newIdempotencyKey('hold'));
  const [problem, setProblem] = useState<string | null>(null);
  if (!isHoldable(offer)) return null;
  const deadline = offer.payment_requirements.payment_required_by!;

  const hold = async () => {
    setProblem(null);
    try {
      await holdPrice({ offerId: offer.id, passengers, idempotencyKey: key }).unwrap();
      void navigate('/my-trips');
    } catch (error) {
      const failure = toApiError(error);
      setProblem(failure.serverMessage ?? failure.message);
    }
  };

  return (
    <section aria-labelledby="hold-title" className="grid gap-2 rounded-lg border border-border p-4 text-sm">
      <h3 id="hold-title" className="flex items-center gap-2 text-base font-semibold">
        <Clock className="h-4 w-4" aria-hidden /> Not ready to pay?
      </h3>
      <p>
        The airline can hold this fare until {formatDate(deadline)} {formatTime(deadline)}. Nothing is charged now: pay
        for it from My Trips before then.
        {extras && ' A hold keeps the fare only, not the seats or bags you chose.'}
      </p>
      {problem && (
        <p role="alert" className="text-destructive-text">
          {problem}
        </p>
      )}
      {user.data ? (
        <div>
          <Button variant="outline" onClick={() => void hold()} disabled={isLoading}>
            {isLoading && <Spinner />}
            {HOLD_BUTTON_LABEL}
          </Button>
        </div>
      ) : (
        <p>
          <Link to="/login" className={buttonClass('outline', 'sm')}>
            Log In
          </Link>{' '}
          {HOLD_SIGN_IN_MESSAGE}
        </p>
      )}
    </section>
  );
}
