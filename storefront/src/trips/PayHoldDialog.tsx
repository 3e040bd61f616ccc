import { cardFormSchema } from '@contrail/shared/booking/card';
import {
  HOLD_PRICE_CHANGED_MESSAGE,
  PAY_NOW_LABEL,
  type BookingHold,
  type PayHoldAnswer,
} from '@contrail/shared/booking/hold';
import { formatPrice } from '@contrail/shared/results/format';
import Lock from 'lucide-react/icons/lock';
import X from 'lucide-react/icons/x';
import * as Dialog from 'radix-ui/dialog';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AUTHENTICATION_REQUIRED } from '@contrail/shared/booking/refusal-codes';
import { returnPathOf } from '../app/bank-return';
import { forgetHoldBankCheck, saveHoldBankCheck, type HoldBankCheck } from './hold-bank-check';
import { toApiError } from '../app/api-error';
import { CardFields, EMPTY_CARD } from '../forms/CardFields';
import { useZodForm } from '../forms/use-zod-form';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { useToast } from '../ui/use-toast';
import { holdApi, useFinishHoldBankCheckMutation, usePayHoldMutation } from './holdApi';
import { useDispatch } from 'react-redux';
import type { AppDispatch } from '../app/store';
import { useLazyTripQuery } from './tripsApi';
import type { Trip } from './trip-view';
import { sleep } from '@contrail/shared/time/sleep';

/** While the airline is being paid, the trip is read again this often, this many times at most. */
const PAYING_REFRESH_MS = 1_500;
const PAYING_TRIES = 60;

interface NewPrice {
  amount: string;
  currency: string;
}

/** The bank's 3-D Secure check, when the engine answered one: where to send the traveller. */
function bankCheckOf(answer: PayHoldAnswer): { paymentId: string; redirectUrl: string } | null {
  if (!('error' in answer) || answer.error !== AUTHENTICATION_REQUIRED) return null;
  return answer.paymentId && answer.redirectUrl
    ? { paymentId: answer.paymentId, redirectUrl: answer.redirectUrl }
    : null;
}

/** A card answer that is not "paying": the card's own message. */
const refusalOf = (answer: PayHoldAnswer): string | null =>
  'success' in answer && !answer.success ? (answer.message ?? 'Your card could not be charged.') : null;

/**
 * Pay Now for a held trip (issue 36): the card is charged the price shown. A price the airline
 * changed is shown beside the old one, and the traveller pays the new one or leaves it; the card
 * fields are kept either way. A card whose bank asks for its 3-D Secure check goes to the bank's
 * page and back (`bankCheck`: the payment it came back for), then the airline is paid as after any card.
 */
export function PayHoldDialog({
  tripId,
  hold,
  onClose,
  bankCheck = null,
}: {
  tripId: string;
  hold: BookingHold;
  onClose: () => void;
  bankCheck?: HoldBankCheck | null;
}) {
  const { toast } = useToast();
  const today = useMemo(() => new Date(), []);
  const form = useZodForm(
    useMemo(() => cardFormSchema(today), [today]),
    EMPTY_CARD,
  );
  const [payHold] = usePayHoldMutation();
  const [finishBankCheck] = useFinishHoldBankCheckMutation();
  const navigate = useNavigate();
  const location = useLocation();
  const [price, setPrice] = useState<NewPrice>({ amount: hold.amount, currency: hold.currency });
  const [changedFrom, setChangedFrom] = useState<NewPrice | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [checking, setChecking] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const dispatch = useDispatch<AppDispatch>();
  const [readTrip] = useLazyTripQuery();

  /** The trip read again until the airline answered the payment (bounded): confirmed, or held again. */
  const airlineAnswer = async (): Promise<Trip | undefined> => {
    for (let tries = 0; tries < PAYING_TRIES; tries += 1) {
      await sleep(PAYING_REFRESH_MS);
      const trip = await readTrip(tripId)
        .unwrap()
        .catch(() => undefined);
      if (trip && (trip.status === 'confirmed' || trip.hold?.state !== 'paying')) return trip;
    }
    return undefined;
  };

  const settle = (trip: Trip | undefined, paidAt: NewPrice) => {
    if (!trip) return setProblem('The airline has not answered yet. My Trips shows the trip once it is confirmed.');
    if (trip.status === 'confirmed') {
      toast({ title: 'Booking confirmed', description: `Trip ${trip.reference} is paid and confirmed.` });
      dispatch(holdApi.util.invalidateTags(['Bookings']));
      return onClose();
    }
    if (trip.hold?.state === 'expired')
      return setProblem('The hold ran out before the airline was paid. Nothing was charged.');
    if (trip.hold?.priceChanged && trip.hold.amount !== paidAt.amount) {
      setChangedFrom(paidAt);
      return setPrice({ amount: trip.hold.amount, currency: trip.hold.currency });
    }
    setProblem('The airline did not take the payment. Nothing was charged; please try again.');
  };

  /** Off to the bank's page, with the trip kept for the way back; false when this answer is no bank check. */
  const toBank = (answer: PayHoldAnswer): boolean => {
    const check = bankCheckOf(answer);
    if (!check) return false;
    if (!saveHoldBankCheck({ tripId, paymentId: check.paymentId })) {
      setProblem('Your bank needs to check this payment: allow this site to store data in this tab, then try again.');
      return true;
    }
    setLeaving(true);
    window.location.assign(check.redirectUrl);
    return true;
  };

  /** The card holds the price (directly, or after the bank's check): the airline is paid, the trip read until it answers. */
  const untilPaid = async (paidAt: NewPrice) => {
    setWaiting(true);
    const answer = await airlineAnswer();
    setWaiting(false);
    settle(answer, paidAt);
  };

  const pay = form.handleSubmit(async (card) => {
    setProblem(null);
    let answer: PayHoldAnswer;
    try {
      answer = await payHold({
        id: tripId,
        amount: Number(price.amount),
        currency: price.currency,
        cardDetails: card,
        returnPath: returnPathOf(location),
      }).unwrap();
    } catch (error) {
      const failure = toApiError(error);
      const newPrice = (failure.data as { newPrice?: NewPrice } | undefined)?.newPrice;
      if (failure.code === 'PRICE_CHANGED' && newPrice) {
        setChangedFrom(price);
        setPrice(newPrice);
      } else setProblem(failure.serverMessage ?? failure.message);
      return;
    }
    if (toBank(answer)) return;
    const refused = refusalOf(answer);
    if (refused) return setProblem(refused);
    await untilPaid(price);
  });

  // Back from the bank: the engine says how the payment stands (once), then the airline is paid.
  const finishReturn = useEffectEvent(async (check: HoldBankCheck) => {
    setChecking(true);
    try {
      const answer = await finishBankCheck({ id: tripId, paymentId: check.paymentId }).unwrap();
      const refused = refusalOf(answer);
      if (refused) setProblem(refused);
      else await untilPaid(price);
    } catch (error) {
      const failure = toApiError(error);
      setProblem(failure.serverMessage ?? failure.message);
    } finally {
      forgetHoldBankCheck();
      void navigate(returnPathOf(location), { replace: true });
      setChecking(false);
    }
  });
  const resumed = useRef(false);
  useEffect(() => {
    if (!bankCheck || resumed.current) return;
    resumed.current = true;
    void finishReturn(bankCheck);
  }, [bankCheck]);
  const busy = form.formState.isSubmitting || waiting || checking || leaving;

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 grid max-h-[92vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl bg-background p-5 shadow-xl">
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-xl font-bold">Pay for your held trip</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm" aria-label="Close" disabled={busy}>
                <X className="h-4 w-4" aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-sm text-muted-foreground">
            Your card is charged {formatPrice(price.amount, price.currency)} once the airline confirms the payment.
          </Dialog.Description>
          {changedFrom && (
            <div role="alert" className="grid gap-1 rounded-lg border border-warning/60 bg-warning/10 p-3 text-sm">
              <p className="font-semibold">{HOLD_PRICE_CHANGED_MESSAGE}</p>
              <p>
                Was <s>{formatPrice(changedFrom.amount, changedFrom.currency)}</s>, now{' '}
                <strong>{formatPrice(price.amount, price.currency)}</strong>.
              </p>
            </div>
          )}
          {problem && (
            <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm">
              {problem}
            </p>
          )}
          <form
            noValidate
            aria-label="Card details"
            className="grid grid-cols-2 gap-3"
            onSubmit={(event) => void pay(event)}
          >
            <CardFields form={form} wide="col-span-2" />
            <div className="col-span-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={onClose} disabled={busy}>
                {changedFrom ? 'Not at this price' : 'Cancel'}
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? <Spinner /> : <Lock className="h-4 w-4" aria-hidden />}
                {PAY_NOW_LABEL} {formatPrice(price.amount, price.currency)}
              </Button>
            </div>
          </form>
          {(waiting || checking) && (
            <p role="status" className="flex items-center gap-2 text-sm">
              <Spinner /> {checking ? 'Checking with your bank…' : 'Paying the airline…'}
            </p>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
