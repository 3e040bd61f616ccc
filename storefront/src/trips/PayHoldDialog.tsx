import {
  cardFormSchema,
  formatCardNumberInput,
  formatCvvInput,
  formatExpiryYearInput,
  type CardDetails,
} from '@contrail/shared/booking/card';
import { HOLD_PRICE_CHANGED_MESSAGE, PAY_NOW_LABEL, type BookingHold } from '@contrail/shared/booking/hold';
import { formatPrice } from '@contrail/shared/results/format';
import { Lock, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useMemo, useState } from 'react';
import { toApiError } from '../app/api-error';
import { TextField } from '../forms/fields';
import { useZodForm } from '../forms/use-zod-form';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { useToast } from '../ui/use-toast';
import { holdApi, usePayHoldMutation } from './holdApi';
import { useDispatch } from 'react-redux';
import type { AppDispatch } from '../app/store';
import { useTripQuery } from './tripsApi';

const emptyCard: CardDetails = { number: '', expiryMonth: '', expiryYear: '', cvv: '', holderName: '' };
/** While the airline is being paid, the trip is read again this often. */
const PAYING_REFRESH_MS = 1_500;

interface NewPrice {
  amount: string;
  currency: string;
}

/**
 * Pay Now for a held trip (issue 36): the card is charged the price shown. A price the airline
 * changed is shown beside the old one, and the traveller pays the new one or leaves it; the card
 * fields are kept either way.
 */
export function PayHoldDialog({ tripId, hold, onClose }: { tripId: string; hold: BookingHold; onClose: () => void }) {
  const { toast } = useToast();
  const today = useMemo(() => new Date(), []);
  const form = useZodForm(
    useMemo(() => cardFormSchema(today), [today]),
    emptyCard,
  );
  const [payHold] = usePayHoldMutation();
  const [price, setPrice] = useState<NewPrice>({ amount: hold.amount, currency: hold.currency });
  const [changedFrom, setChangedFrom] = useState<NewPrice | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [submittedAt, setSubmittedAt] = useState<number | null>(null);
  const submitted = submittedAt !== null;
  const dispatch = useDispatch<AppDispatch>();
  const trip = useTripQuery(tripId, { skip: !submitted, pollingInterval: submitted ? PAYING_REFRESH_MS : 0 });
  const formatted = (name: keyof CardDetails, format: (value: string) => string) =>
    form.field(name, {
      onChange: (event: { target: { value: string } }) =>
        form.setValue(name, format(event.target.value), { shouldValidate: form.formState.isSubmitted }),
    });

  // Only an answer read after the payment was sent tells how it went.
  const current = submitted && (trip.fulfilledTimeStamp ?? 0) > submittedAt ? trip.data : undefined;
  useEffect(() => {
    if (!current) return;
    if (current.status === 'confirmed') {
      setSubmittedAt(null);
      toast({ title: 'Booking confirmed', description: `Trip ${current.reference} is paid and confirmed.` });
      dispatch(holdApi.util.invalidateTags(['Bookings']));
      onClose();
    } else if (current.hold?.state === 'held') {
      // The airline answered without taking the payment: a new price, or a refusal.
      setSubmittedAt(null);
      if (current.hold.priceChanged && current.hold.amount !== price.amount) {
        setChangedFrom(price);
        setPrice({ amount: current.hold.amount, currency: current.hold.currency });
      } else setProblem('The airline did not take the payment. Nothing was charged; please try again.');
    } else if (current.hold?.state === 'expired') {
      setSubmittedAt(null);
      setProblem('The hold ran out before the airline was paid. Nothing was charged.');
    }
  }, [current, dispatch, onClose, price, toast]);

  const pay = form.handleSubmit(async (card) => {
    setProblem(null);
    try {
      await payHold({ id: tripId, amount: Number(price.amount), currency: price.currency, cardDetails: card }).unwrap();
      setSubmittedAt(Date.now());
    } catch (error) {
      const failure = toApiError(error);
      const newPrice = (failure.data as { newPrice?: NewPrice } | undefined)?.newPrice;
      if (failure.code === 'PRICE_CHANGED' && newPrice) {
        setChangedFrom(price);
        setPrice(newPrice);
      } else setProblem(failure.serverMessage ?? failure.message);
    }
  });
  const busy = form.formState.isSubmitting || submitted;

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
            <TextField
              wrapperClassName="col-span-2"
              label="Card number"
              inputMode="numeric"
              autoComplete="cc-number"
              {...formatted('number', formatCardNumberInput)}
            />
            <TextField
              wrapperClassName="col-span-2"
              label="Card holder name"
              autoComplete="cc-name"
              {...form.field('holderName')}
            />
            <TextField
              label="Month (MM)"
              inputMode="numeric"
              autoComplete="cc-exp-month"
              maxLength={2}
              {...form.field('expiryMonth')}
            />
            <TextField
              label="Year (YY or YYYY)"
              inputMode="numeric"
              autoComplete="cc-exp-year"
              {...formatted('expiryYear', formatExpiryYearInput)}
            />
            <TextField
              wrapperClassName="col-span-2"
              label="CVV"
              inputMode="numeric"
              autoComplete="cc-csc"
              {...formatted('cvv', formatCvvInput)}
            />
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
          {submitted && (
            <p role="status" className="flex items-center gap-2 text-sm">
              <Spinner /> Paying the airline…
            </p>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
