import { isOutAndBack, sliceLabel, tripKindLabel } from '@contrail/shared/flights/slice-label';
import { cardFormSchema, cardLastFour, cardProblem, type CardDetails } from '@contrail/shared/booking/card';
import type { BookingResponse } from '@contrail/shared/booking/contracts';
import type { Passenger } from '@contrail/shared/booking/passenger';
import type { FlightOffer } from '@contrail/shared/flights/offer';
import { formatDate, formatPrice } from '@contrail/shared/results/format';
import { sliceDeparture } from '@contrail/shared/results/offer-facts';
import { sleep } from '@contrail/shared/time/sleep';
import CreditCard from 'lucide-react/icons/credit-card';
import FlaskConical from 'lucide-react/icons/flask-conical';
import Lock from 'lucide-react/icons/lock';
import { Suspense, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { AUTHENTICATION_REQUIRED } from '@contrail/shared/booking/refusal-codes';
import { pricePerPerson } from '@contrail/shared/booking/offer-price';
import { serviceFeePolicy } from '@contrail/shared/booking/service-fee-policy';
import { priceChangeOf, type PriceChange } from '@contrail/shared/booking/price-change';
import { lazyPage } from '../app/lazy-page';
import { errorMessage, toApiError } from '../app/api-error';
import { useBrand } from '../brand/brand-context';
import { CardFields, EMPTY_CARD } from '../forms/CardFields';
import { useZodForm } from '../forms/use-zod-form';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Spinner } from '../ui/spinner';
import { useToast } from '../ui/use-toast';
import { forgetBankCheck, returnPathOf, saveBankCheck, type BankCheckDraft } from './bank-check';
import {
  useCreateBookingMutation,
  useFinishBankCheckMutation,
  useProcessCardMutation,
  useSystemModeQuery,
} from './bookingApi';
import {
  BEFORE_BOOKING_MS,
  PENDING_ASKS,
  FLOW_MESSAGES,
  isCardFailure,
  newIdempotencyKey,
  type OfferPrice,
} from './booking-flow';
import { ExpiryWarning } from './ExpiryWarning';

const HoldThisPrice = lazyPage(() => import('./HoldThisPrice'), 'HoldThisPrice');
import type { SeatChoice } from './seats';
import type { BagChoice } from '@contrail/shared/pricing/bags';

export const TEST_CARD = '4242 4242 4242 4242';

/** Issue 36: only loaded when the price changed. */
const PriceChangeDialog = lazyPage(() => import('./PriceChangeDialog'), 'PriceChangeDialog');

export interface BookedTrip {
  response: BookingResponse;
  cardLastFour: string;
  bookedAt: Date;
  total: number;
  currency: string;
}

/** What is being paid for. */
export interface Order {
  offer: FlightOffer;
  price: OfferPrice;
  passengers: Passenger[];
  seats: SeatChoice[];
  /** The bag services pre-selected from the bags the traveller brings (issue 35). */
  bags: BagChoice[];
}

export interface PaymentStepProps {
  order: Order;
  offerCheck: {
    /** When the offer expires (ms since the epoch), once it is under the warning threshold; else null. */
    expiringAt: number | null;
    /** The offer was found expired or invalid: paying is no longer possible (the page is going back to search). */
    gone: boolean;
    /** Checks the offer now; false (after warning and redirecting) when it is no longer valid. */
    check: () => Promise<boolean>;
    /** A payment starts (true) or ends (false): no periodic check meanwhile. */
    paying: (underWay: boolean) => void;
  };
  onBack: () => void;
  onBooked: (trip: BookedTrip) => void;
  /** Back from the bank's 3-D Secure check: the payment to finish, and what the booking needs. */
  bankCheck?: BankCheckDraft | null;
  /** The bank's check was handled (booked or not): the page drops what the bank's page added to its address. */
  onBankCheckDone?: () => void;
}

function TestModeNotice() {
  return (
    <div
      role="note"
      className="flex items-start gap-2 rounded-lg border border-warning/60 bg-warning/10 px-4 py-3 text-sm"
    >
      <FlaskConical className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <div>
        <p className="font-semibold">Test environment: no real payment is taken</p>
        <p>
          Use the test card <span className="font-mono font-semibold">{TEST_CARD}</span> with any future expiry date and
          any 3-digit CVV.
        </p>
      </div>
    </div>
  );
}

function OrderSummary({ offer, price, travellers }: { offer: FlightOffer; price: OfferPrice; travellers: number }) {
  const { brand } = useBrand();
  const [outbound, back] = offer.slices;
  const multiCity = !isOutAndBack(offer.slices);
  const dates: Array<[string, string]> = multiCity
    ? offer.slices.map((slice, index) => [sliceLabel(offer.slices, index), formatDate(sliceDeparture(slice))])
    : [
        ['Departure', outbound ? formatDate(sliceDeparture(outbound)) : 'N/A'],
        ...(back ? ([['Return', formatDate(sliceDeparture(back))]] as Array<[string, string]>) : []),
      ];
  const rows: Array<[string, string]> = [
    ['Flight type', tripKindLabel(offer.slices)],
    ...dates,
    ['Passengers', String(travellers)],
    ['Base fare', formatPrice(price.baseFare, price.currency)],
    ['Taxes and fees', formatPrice(price.taxes, price.currency)],
    ...(price.seats > 0 ? ([['Seats', formatPrice(price.seats, price.currency)]] as Array<[string, string]>) : []),
    ...(price.bags > 0 ? ([['Bags', formatPrice(price.bags, price.currency)]] as Array<[string, string]>) : []),
  ];
  return (
    <section aria-label="Order summary" className="rounded-lg bg-subtle p-4">
      <h3 className="font-bold">Order Summary</h3>
      <dl className="mt-2 grid gap-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
        <div className="mt-1 flex justify-between border-t border-border pt-2 text-base font-bold">
          <dt>Total</dt>
          <dd className="tabular-nums">{formatPrice(price.total, price.currency)}</dd>
        </div>
        {travellers > 1 && (
          <div className="flex justify-between text-muted-foreground">
            <dt>Per person</dt>
            <dd className="tabular-nums">{formatPrice(pricePerPerson(price.total, travellers), price.currency)}</dd>
          </div>
        )}
      </dl>
      {/* Issue 33: the brand's fee and what a cancellation keeps of it, said before paying. */}
      <p className="mt-3 text-xs text-muted-foreground">
        The total includes {brand.name}&apos;s service fee of {formatPrice(price.serviceFee, price.currency)}.{' '}
        {serviceFeePolicy(brand.name, brand.markupKeptOnRefund)}
      </p>
    </section>
  );
}

/**
 * Seed 001 §2/§4 payment step. Complete Booking: check the card, check the offer, authorize the
 * card, wait 0.5 s, create the booking. A failed payment is shown as such; no payment id is ever
 * made up here (DESIGN §6).
 */
export function PaymentStep({ order, offerCheck, onBack, onBooked, bankCheck, onBankCheckDone }: PaymentStepProps) {
  const { offer, price, passengers, seats, bags } = order;
  const { expiringAt, gone: offerGone, check: checkOffer, paying } = offerCheck;
  const { toast } = useToast();
  const mode = useSystemModeQuery();
  const [processCard] = useProcessCardMutation();
  const [finishBankCheck] = useFinishBankCheckMutation();
  const [createBooking] = useCreateBookingMutation();
  const [busy, setBusy] = useState(false);
  // Issue 36: a new price the engine told (offered), and the one the traveller accepted (agreed).
  const [offered, setOffered] = useState<PriceChange | null>(null);
  const [agreed, setAgreed] = useState<PriceChange | null>(null);
  const total = agreed?.newTotal ?? price.total;
  /** The price change an error answer tells, from the total the traveller is paying now. */
  const priceChangeIn = (error: unknown) =>
    priceChangeOf(toApiError(error).data, { total, extras: price.seats + price.bags, currency: price.currency });
  const today = useMemo(() => new Date(), []);
  const schema = useMemo(() => cardFormSchema(today), [today]);
  const form = useZodForm(schema, EMPTY_CARD);

  const numberInput = useRef<HTMLInputElement | null>(null);

  const cardFailed = (reason: string | undefined) => {
    toast({
      title: FLOW_MESSAGES.cardFailedTitle,
      description: FLOW_MESSAGES.cardFailed(reason),
      variant: 'destructive',
    });
    form.reset({ ...EMPTY_CARD, holderName: form.getValues('holderName') });
    requestAnimationFrame(() => numberInput.current?.focus());
  };

  type CardAnswer = Awaited<ReturnType<typeof processCard>>;

  /** The authorized payment's id; else null, once the failure was shown (seed 001 §8). */
  const authorizedPayment = (payment: CardAnswer): string | null => {
    const refusal = 'error' in payment ? toApiError(payment.error) : undefined;
    if (!refusal && payment.data?.success && payment.data.paymentId) return payment.data.paymentId;
    const code = refusal ? refusal.code : payment.data?.error;
    const message = refusal ? refusal.serverMessage : payment.data?.message;
    if (isCardFailure(code, message ?? refusal?.message ?? '')) cardFailed(message);
    else {
      const description = refusal ? errorMessage(refusal) : (message ?? FLOW_MESSAGES.bookingFailed);
      toast({ title: FLOW_MESSAGES.paymentErrorTitle, description, variant: 'destructive' });
    }
    return null;
  };

  /** The bank asks the traveller to authenticate: off to its page, with what the booking needs kept for the way back. */
  const toBank = (payment: CardAnswer, card: CardDetails): boolean => {
    const answer = 'data' in payment ? payment.data : undefined;
    if (answer?.error !== AUTHENTICATION_REQUIRED || !answer.redirectUrl || !answer.paymentId) return false;
    const kept = saveBankCheck({
      offerId: offer.id,
      paymentId: answer.paymentId,
      passengers,
      seats,
      bags,
      bagsAmount: price.bags,
      holderName: card.holderName,
      cardLastFour: cardLastFour(card.number),
    });
    if (!kept) {
      toast({
        title: FLOW_MESSAGES.paymentErrorTitle,
        description: FLOW_MESSAGES.bankCheckNeedsStorage,
        variant: 'destructive',
      });
      return true;
    }
    window.location.assign(answer.redirectUrl);
    return true;
  };

  /** The booking on an authorized payment; its key follows the payment, so asking again never books twice. */
  const book = async (paymentId: string, holderName: string, lastFour: string) => {
    await sleep(BEFORE_BOOKING_MS);
    const bookingRequest = {
      offerId: offer.id,
      passengers,
      paymentId,
      paymentDetails: { amount: total, currency: price.currency, cardDetails: { holderName } },
      seats,
      ...(bags.length > 0 && { bags }),
      ...(agreed && { priceChange: { previousAmount: agreed.previousTotal } }),
      idempotencyKey: `booking-${paymentId}`,
    };
    let booking = await createBooking(bookingRequest);
    // Still being confirmed with the airline: the same request (same key) asks for the outcome.
    for (let asked = 1; asked < PENDING_ASKS && booking.data?.status === 'pending'; asked += 1) {
      booking = await createBooking(bookingRequest);
    }
    if (booking.data?.status === 'pending') {
      toast({ title: FLOW_MESSAGES.bookingPendingTitle, description: booking.data.message ?? '' });
      return;
    }
    const changed = 'error' in booking ? priceChangeIn(booking.error) : null;
    if (changed) {
      setOffered(changed);
      return;
    }
    if ('error' in booking) {
      toast({
        title: FLOW_MESSAGES.bookingFailedTitle,
        description: errorMessage(booking.error, FLOW_MESSAGES.bookingFailed),
        variant: 'destructive',
      });
      return;
    }
    onBooked({
      response: booking.data,
      cardLastFour: lastFour,
      bookedAt: new Date(),
      total,
      currency: price.currency,
    });
  };

  const pay = async (card: CardDetails) => {
    setBusy(true);
    let leaving = false;
    try {
      if (!(await checkOffer())) return;
      paying(true);
      const payment = await processCard({
        offerId: offer.id,
        amount: total,
        currency: price.currency,
        cardDetails: card,
        seats,
        ...(bags.length > 0 && { bags }),
        idempotencyKey: newIdempotencyKey('card'),
        returnPath: returnPathOf(window.location),
      });
      if (toBank(payment, card)) {
        leaving = true;
        return;
      }
      const changed = 'error' in payment ? priceChangeIn(payment.error) : null;
      if (changed) {
        setOffered(changed);
        return;
      }
      const paymentId = authorizedPayment(payment);
      if (paymentId) await book(paymentId, card.holderName, cardLastFour(card.number));
    } finally {
      if (!leaving) {
        paying(false);
        setBusy(false);
      }
    }
  };

  // Back from the bank: the engine says how the payment stands, then the booking goes on (once).
  const finishReturn = useEffectEvent(async (draft: BankCheckDraft) => {
    // Kept for another try, as after any card failure.
    form.setValue('holderName', draft.holderName);
    setBusy(true);
    paying(true);
    try {
      const paymentId = authorizedPayment(await finishBankCheck(draft.paymentId));
      if (paymentId) await book(paymentId, draft.holderName, draft.cardLastFour);
    } finally {
      forgetBankCheck();
      onBankCheckDone?.();
      paying(false);
      setBusy(false);
    }
  });
  const resumed = useRef(false);
  useEffect(() => {
    if (!bankCheck || resumed.current) return;
    resumed.current = true;
    void finishReturn(bankCheck);
  }, [bankCheck]);

  // Seed 001 §5: the first problem, in the seed's order of checks, as a toast; every one under its field.
  const complete = form.handleSubmit(pay, () => {
    const problem = cardProblem(form.getValues(), today);
    if (problem) toast({ title: problem.title, description: problem.message, variant: 'destructive' });
  });

  // Accepting keeps the form as it is: the card is authorized again, for the new total only.
  const acceptNewPrice = () => {
    setAgreed(offered);
    setOffered(null);
  };
  const acceptedAt = useRef<PriceChange | null>(null);
  useEffect(() => {
    if (!agreed || acceptedAt.current === agreed) return;
    acceptedAt.current = agreed;
    void complete();
  });

  return (
    <Card className="grid grid-cols-1 gap-5 p-4 sm:p-6">
      {offered && (
        <Suspense fallback={null}>
          <PriceChangeDialog change={offered} onAccept={acceptNewPrice} onDismiss={() => setOffered(null)} />
        </Suspense>
      )}
      <h2 className="flex items-center gap-2 text-2xl font-bold">
        <CreditCard className="h-6 w-6" aria-hidden /> Payment
      </h2>
      {expiringAt !== null && <ExpiryWarning expiresAt={expiringAt} />}
      {!mode.isLoading && !mode.data?.isLiveMode && <TestModeNotice />}
      {bankCheck && busy && (
        <p role="status" className="flex items-center gap-2 rounded-lg bg-subtle px-4 py-3 text-sm">
          <Spinner /> {FLOW_MESSAGES.bankCheckFinishing}
        </p>
      )}
      <form
        noValidate
        aria-label="Card details"
        className="grid grid-cols-2 gap-4 sm:grid-cols-4"
        onSubmit={(event) => void complete(event)}
      >
        <CardFields form={form} wide="col-span-2 sm:col-span-4" numberInputRef={numberInput} />
        <div className="col-span-2 sm:col-span-4">
          <OrderSummary offer={offer} price={{ ...price, total }} travellers={passengers.length} />
        </div>
        <div className="col-span-2 flex flex-col-reverse gap-3 sm:col-span-4 sm:flex-row sm:justify-between">
          <Button variant="outline" size="lg" onClick={onBack} disabled={busy}>
            Back to Seat Selection
          </Button>
          <Button type="submit" size="lg" disabled={busy || offerGone}>
            {busy ? <Spinner /> : <Lock className="h-4 w-4" aria-hidden />}
            Complete Booking
          </Button>
        </div>
      </form>
      <HoldThisPrice offer={offer} passengers={passengers} extras={seats.length > 0 || bags.length > 0} />
    </Card>
  );
}
