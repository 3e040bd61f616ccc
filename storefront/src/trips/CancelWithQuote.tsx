import type { CancellationQuote } from '@contrail/shared/booking/refund';
import { formatPrice } from '@contrail/shared/results/format';
import { format } from 'date-fns/format';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../app/api-error';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { useToast } from '../ui/use-toast';
import type { Trip } from './trip-view';
import { useCancellationQuoteMutation, useCancelTripMutation } from './tripsApi';

const card = (last4: string | null) => (last4 ? `your card ending ${last4}` : 'the card you paid with');

type QuotedPayment = NonNullable<CancellationQuote['payments']>[number];

/** Issue 36: a booking paid in several card payments is refunded payment by payment; each one shown. */
function RefundedPayments({ quote, payments }: { quote: CancellationQuote; payments: QuotedPayment[] }) {
  return (
    <div className="grid gap-1 text-sm">
      <p>You paid in {payments.length} card payments; each is refunded separately:</p>
      <ul className="grid gap-1">
        {payments.map((payment, index) => (
          // As the fees above: the label wraps in its own column, the amount stays in the amounts'.
          <li key={index} className="flex items-start justify-between gap-x-4">
            <span className="min-w-0">
              {payment.label} ({formatPrice(payment.paid, quote.currency)} paid)
            </span>
            <span className="shrink-0 tabular-nums">{formatPrice(payment.refund, quote.currency)} back</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The quote as the traveller reads it before confirming: refund, fees kept and why, where, when, until when. */
export function QuoteDetails({ quote }: { quote: CancellationQuote }) {
  const expires = new Date(quote.expiresAt);
  const panel = useRef<HTMLDivElement>(null);
  // The quote opens at the foot of a scrolling dialog: bring it into view (phones especially).
  useEffect(() => {
    panel.current?.scrollIntoView?.({ block: 'nearest' });
  }, [quote.quoteId]);
  return (
    <div
      ref={panel}
      aria-label="Refund quote"
      role="group"
      className="grid gap-2 rounded-lg border border-border bg-subtle p-3"
    >
      <dl className="grid gap-1">
        <div className="flex flex-wrap justify-between gap-x-4">
          <dt>You paid</dt>
          <dd className="tabular-nums">{formatPrice(quote.paid, quote.currency)}</dd>
        </div>
        {quote.kept.map((fee) => (
          // No wrap here: a long reason wraps inside its own column, the amount stays in the amounts' (issue 33).
          <div key={fee.kind} className="flex items-start justify-between gap-x-4">
            <dt className="min-w-0">
              {fee.label} kept
              <span className="block text-xs text-muted-foreground">{fee.reason}</span>
            </dt>
            <dd className="shrink-0 tabular-nums">−{formatPrice(fee.amount, quote.currency)}</dd>
          </div>
        ))}
        <div className="flex flex-wrap justify-between gap-x-4 border-t border-border pt-1 font-semibold">
          <dt>Refund</dt>
          <dd className="tabular-nums">{formatPrice(quote.refund, quote.currency)}</dd>
        </div>
      </dl>
      {quote.payments && <RefundedPayments quote={quote} payments={quote.payments} />}
      <p>
        The refund goes to {card(quote.refundTo.cardLast4)}. {quote.timing}
      </p>
      <p className="text-xs text-muted-foreground">
        This quote is valid until {Number.isNaN(expires.getTime()) ? 'N/A' : format(expires, 'HH:mm')}; after that we
        ask the airline again.
      </p>
    </div>
  );
}

/**
 * Cancel Booking (seed 001 §4) with the refund quote first (issue 20 item 2): the airline's quote
 * and the brand's policy are shown, and confirming cancels with that quote so the refund is the one shown.
 */
export function CancelWithQuote({ trip, onDone }: { trip: Trip; onDone: () => void }) {
  const { toast } = useToast();
  const [askQuote, quoting] = useCancellationQuoteMutation();
  const [cancel, cancelling] = useCancelTripMutation();
  const [quote, setQuote] = useState<CancellationQuote | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const requestQuote = async () => {
    setProblem(null);
    const result = await askQuote(trip.id);
    if ('error' in result) setProblem(errorMessage(result.error, 'We could not get a refund quote. Please try again.'));
    else setQuote(result.data);
  };

  const confirm = async (shown: CancellationQuote) => {
    const result = await cancel({ id: trip.id, quoteId: shown.quoteId });
    if ('error' in result || !result.data.success) {
      const message =
        'error' in result
          ? errorMessage(result.error, 'Something went wrong')
          : result.data.message || 'Something went wrong';
      toast({ title: 'Cancellation failed', description: message, variant: 'destructive' });
      // An expired or replaced quote: the traveller asks for a new one before trying again.
      setQuote(null);
      return;
    }
    const refund = result.data.refund;
    const description = refund
      ? `${formatPrice(refund.amount, refund.currency)} will be refunded to ${card(shown.refundTo.cardLast4)}.`
      : result.data.message !== 'Booking cancelled'
        ? result.data.message
        : undefined;
    toast({ title: 'Booking cancelled', ...(description && { description }) });
    onDone();
  };

  if (!quote) {
    return (
      <div className="grid gap-2">
        {problem && (
          <p role="alert" className="font-medium text-destructive-text">
            {problem}
          </p>
        )}
        <Button
          variant="destructive"
          className="justify-self-start"
          disabled={quoting.isLoading}
          onClick={() => void requestQuote()}
        >
          {quoting.isLoading && <Spinner />} Cancel Booking
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <QuoteDetails quote={quote} />
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">Cancel this booking?</span>
        <Button variant="destructive" disabled={cancelling.isLoading} onClick={() => void confirm(quote)}>
          {cancelling.isLoading && <Spinner />} Yes, Cancel Booking
        </Button>
        <Button variant="outline" disabled={cancelling.isLoading} onClick={() => setQuote(null)}>
          Keep Booking
        </Button>
      </div>
    </div>
  );
}
