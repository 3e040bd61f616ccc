import {
  cardLastFour,
  cardProblem,
  formatCardNumberInput,
  formatCvvInput,
  formatExpiryMonthInput,
  formatExpiryYearInput,
  type CardDetails,
} from '@contrail/shared/booking/card';
import type { BookingResponse } from '@contrail/shared/booking/contracts';
import type { Passenger } from '@contrail/shared/booking/passenger';
import type { FlightOffer } from '@contrail/shared/flights/offer';
import { formatDate } from '@contrail/shared/results/format';
import { sliceDeparture } from '@contrail/shared/results/offer-facts';
import { AlertTriangle, CreditCard, FlaskConical, Lock } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Spinner } from '../ui/spinner';
import { useToast } from '../ui/use-toast';
import { useCreateBookingMutation, useProcessCardMutation, useSystemModeQuery } from './bookingApi';
import {
  BEFORE_BOOKING_MS,
  FLOW_MESSAGES,
  failureText,
  formatMoney,
  isCardFailure,
  newIdempotencyKey,
  serverMessage,
  sleep,
  type OfferPrice,
} from './booking-flow';
import { InputField } from './fields';
import type { SeatChoice } from './seats';

export const TEST_CARD = '4242 4242 4242 4242';

export interface BookedTrip {
  response: BookingResponse;
  cardLastFour: string;
  bookedAt: Date;
  total: number;
  currency: string;
}

export interface PaymentStepProps {
  offer: FlightOffer;
  price: OfferPrice;
  passengers: Passenger[];
  seats: SeatChoice[];
  /** Minutes left when under the warning threshold, else null. */
  expiringMinutes: number | null;
  /** The offer was found expired or invalid: paying is no longer possible (the page is going back to search). */
  offerGone: boolean;
  /** Checks the offer now; false (after warning and redirecting) when it is no longer valid. */
  checkOffer: () => Promise<boolean>;
  onBack: () => void;
  onBooked: (trip: BookedTrip) => void;
}

const emptyCard: CardDetails = { number: '', expiryMonth: '', expiryYear: '', cvv: '', holderName: '' };

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
  const [outbound, back] = offer.slices;
  const rows: Array<[string, string]> = [
    ['Flight type', back ? 'Round Trip' : 'One Way'],
    ['Departure', outbound ? formatDate(sliceDeparture(outbound)) : 'N/A'],
    ...(back ? ([['Return', formatDate(sliceDeparture(back))]] as Array<[string, string]>) : []),
    ['Passengers', String(travellers)],
    ['Base fare', formatMoney(price.baseFare, price.currency)],
    ['Taxes and fees', formatMoney(price.taxes, price.currency)],
    ...(price.seats > 0 ? ([['Seats', formatMoney(price.seats, price.currency)]] as Array<[string, string]>) : []),
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
          <dd className="tabular-nums">{formatMoney(price.total, price.currency)}</dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * Seed 001 §2/§4 payment step. Complete Booking: check the card, check the offer, authorize the
 * card, wait 0.5 s, create the booking. A failed payment is shown as such; no payment id is ever
 * made up here (DESIGN §6).
 */
export function PaymentStep({
  offer,
  price,
  passengers,
  seats,
  expiringMinutes,
  offerGone,
  checkOffer,
  onBack,
  onBooked,
}: PaymentStepProps) {
  const { toast } = useToast();
  const mode = useSystemModeQuery();
  const [processCard] = useProcessCardMutation();
  const [createBooking] = useCreateBookingMutation();
  const [card, setCard] = useState<CardDetails>(emptyCard);
  const [busy, setBusy] = useState(false);
  const numberRef = useRef<HTMLInputElement>(null);
  const set = (field: keyof CardDetails, value: string) => setCard((now) => ({ ...now, [field]: value }));

  const cardFailed = () => {
    toast({ title: FLOW_MESSAGES.cardFailedTitle, description: FLOW_MESSAGES.cardFailed, variant: 'destructive' });
    setCard((now) => ({ ...emptyCard, holderName: now.holderName }));
    requestAnimationFrame(() => numberRef.current?.focus());
  };

  const complete = async () => {
    const problem = cardProblem(card);
    if (problem) {
      toast({ title: problem.title, description: problem.message, variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      if (!(await checkOffer())) return;
      const payment = await processCard({
        offerId: offer.id,
        amount: price.total,
        currency: price.currency,
        cardDetails: card,
        seats,
        idempotencyKey: newIdempotencyKey('card'),
      });
      if ('error' in payment || !payment.data.success || !payment.data.paymentId) {
        const text =
          'error' in payment ? failureText(payment.error) : `${payment.data.error ?? ''} ${payment.data.message ?? ''}`;
        if (isCardFailure(text)) cardFailed();
        else {
          const message = 'error' in payment ? serverMessage(payment.error) : payment.data.message;
          toast({ title: FLOW_MESSAGES.paymentErrorTitle, description: message ?? text, variant: 'destructive' });
        }
        return;
      }
      const paymentId = payment.data.paymentId;
      await sleep(BEFORE_BOOKING_MS);
      const booking = await createBooking({
        offerId: offer.id,
        passengers,
        paymentId,
        paymentDetails: { amount: price.total, currency: price.currency, cardDetails: { holderName: card.holderName } },
        seats,
        idempotencyKey: `booking-${paymentId}`,
      });
      if ('error' in booking) {
        toast({
          title: FLOW_MESSAGES.bookingFailedTitle,
          description: serverMessage(booking.error) ?? FLOW_MESSAGES.bookingFailed,
          variant: 'destructive',
        });
        return;
      }
      onBooked({
        response: booking.data,
        cardLastFour: cardLastFour(card.number),
        bookedAt: new Date(),
        total: price.total,
        currency: price.currency,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="grid grid-cols-1 gap-5 p-4 sm:p-6">
      <h2 className="flex items-center gap-2 text-2xl font-bold">
        <CreditCard className="h-6 w-6" aria-hidden /> Payment
      </h2>
      {expiringMinutes !== null && (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-warning/60 bg-warning/10 px-4 py-3 text-sm"
        >
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <p>
            <span className="font-semibold">{FLOW_MESSAGES.expiringTitle}: </span>
            {FLOW_MESSAGES.expiring(expiringMinutes)}
          </p>
        </div>
      )}
      {!mode.isLoading && !mode.data?.isLiveMode && <TestModeNotice />}
      <form
        noValidate
        aria-label="Card details"
        className="grid grid-cols-2 gap-4 sm:grid-cols-4"
        onSubmit={(event) => {
          event.preventDefault();
          void complete();
        }}
      >
        <InputField
          ref={numberRef}
          className="col-span-2 sm:col-span-4"
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 5678 9012 3456"
          value={card.number}
          onValueChange={(value) => set('number', formatCardNumberInput(value))}
        />
        <InputField
          className="col-span-2 sm:col-span-4"
          label="Card holder name"
          autoComplete="cc-name"
          value={card.holderName}
          onValueChange={(value) => set('holderName', value)}
        />
        <InputField
          label="Month (MM)"
          inputMode="numeric"
          autoComplete="cc-exp-month"
          placeholder="MM"
          maxLength={2}
          value={card.expiryMonth}
          onValueChange={(value) => set('expiryMonth', value.replace(/\D/g, '').slice(0, 2))}
          onBlur={() => set('expiryMonth', formatExpiryMonthInput(card.expiryMonth))}
        />
        <InputField
          label="Year (YY)"
          inputMode="numeric"
          autoComplete="cc-exp-year"
          placeholder="YY"
          value={card.expiryYear}
          onValueChange={(value) => set('expiryYear', formatExpiryYearInput(value))}
        />
        <InputField
          className="col-span-2"
          label="CVV"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          value={card.cvv}
          onValueChange={(value) => set('cvv', formatCvvInput(value))}
        />
        <div className="col-span-2 sm:col-span-4">
          <OrderSummary offer={offer} price={price} travellers={passengers.length} />
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
    </Card>
  );
}
