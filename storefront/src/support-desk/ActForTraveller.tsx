import type { CancellationQuote } from '@contrail/shared/booking/refund';
import type { AdminBooking } from '@contrail/shared/booking/view';
import { accessReasonSchema } from '@contrail/shared/support-desk/contracts';
import { formatPrice } from '@contrail/shared/results/format';
import Mail from 'lucide-react/icons/mail';
import XCircle from 'lucide-react/icons/circle-x';
import { useId, useState } from 'react';
import { errorMessage } from '../app/api-error';
import { QuoteDetails } from '../trips/CancelWithQuote';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { FieldError } from '../ui/field-error';
import { Spinner } from '../ui/spinner';
import { useResendConfirmationMutation, useStaffCancellationQuoteMutation, useStaffCancelMutation } from './actingApi';

const RESENDABLE = new Set(['confirmed', 'completed']);

/**
 * Support acts for the traveller (issue #31): cancel with the refund quoted first, or send the
 * confirmation email again. Each action asks why; the reason and your name go on the booking.
 */
export function ActForTraveller({ booking }: { booking: AdminBooking }) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [done, setDone] = useState<string | undefined>();
  const [quote, setQuote] = useState<CancellationQuote | null>(null);
  // One id per resend: a retried or double click is the same request, and sends one email.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [askQuote, quoting] = useStaffCancellationQuoteMutation();
  const [cancel, cancelling] = useStaffCancelMutation();
  const [resend, resending] = useResendConfirmationMutation();
  const inputId = useId();
  const headingId = useId();

  const canResend = RESENDABLE.has(booking.status);
  const canAct = booking.canCancel || canResend;
  if (!canAct && !done) return null;

  const checkedReason = (): string | undefined => {
    const parsed = accessReasonSchema.safeParse(reason);
    setReasonError(parsed.success ? undefined : parsed.error.issues[0]!.message);
    setProblem(undefined);
    setDone(undefined);
    return parsed.success ? parsed.data : undefined;
  };

  const requestQuote = async () => {
    const why = checkedReason();
    if (!why) return;
    const result = await askQuote({ id: booking.id, reason: why });
    if ('error' in result) setProblem(errorMessage(result.error, 'The airline could not quote a refund.'));
    else setQuote(result.data);
  };

  const confirm = async (shown: CancellationQuote) => {
    const why = checkedReason();
    if (!why) return;
    const result = await cancel({ id: booking.id, quoteId: shown.quoteId, reason: why });
    if ('error' in result) {
      setProblem(errorMessage(result.error, 'The booking could not be cancelled.'));
      return;
    }
    setQuote(null);
    const refund = result.data.refund
      ? ` ${formatPrice(result.data.refund.amount, result.data.refund.currency)} refunded.`
      : '';
    setDone(`${result.data.message}.${refund}`);
  };

  const resendEmail = async () => {
    const why = checkedReason();
    if (!why) return;
    const result = await resend({ id: booking.id, requestId, reason: why });
    if ('error' in result) {
      setProblem(errorMessage(result.error, 'The email could not be sent again.'));
      return;
    }
    setRequestId(crypto.randomUUID());
    setDone(result.data.message);
  };

  return (
    <section aria-labelledby={headingId} className="mt-6 border-t border-border pt-5">
      <h3 id={headingId} className="font-semibold text-foreground">
        Act for the traveller
      </h3>
      {canAct && (
        <>
          <label htmlFor={inputId} className="mt-2 block text-sm font-medium text-foreground">
            Reason
          </label>
          <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
            The ticket or the call. It is recorded with your name on this booking.
          </p>
          <input
            id={inputId}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={500}
            autoComplete="off"
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${inputId}-hint ${inputId}-error` : `${inputId}-hint`}
            className={cn(
              'mt-1.5 h-10 w-full rounded-[var(--radius)] border bg-background px-3 text-sm text-foreground sm:max-w-md',
              'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
              reasonError ? 'border-destructive' : 'border-border',
            )}
          />
          <FieldError id={`${inputId}-error`} message={reasonError} />
        </>
      )}
      {canAct && !quote && (
        <div className="mt-3 flex flex-wrap gap-2">
          {booking.canCancel && (
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => void requestQuote()}
              disabled={quoting.isLoading}
            >
              {quoting.isLoading ? <Spinner /> : <XCircle className="h-4 w-4" aria-hidden />} Quote a cancellation
            </Button>
          )}
          {canResend && (
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => void resendEmail()}
              disabled={resending.isLoading}
            >
              {resending.isLoading ? <Spinner /> : <Mail className="h-4 w-4" aria-hidden />} Resend confirmation email
            </Button>
          )}
        </div>
      )}
      {quote && (
        <div className="mt-3 grid gap-3 text-sm text-foreground sm:max-w-xl">
          <QuoteDetails quote={quote} />
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              size="sm"
              variant="destructive"
              onClick={() => void confirm(quote)}
              disabled={cancelling.isLoading}
            >
              {cancelling.isLoading && <Spinner />} Cancel and refund {formatPrice(quote.refund, quote.currency)}
            </Button>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => setQuote(null)}
              disabled={cancelling.isLoading}
            >
              Keep the booking
            </Button>
          </div>
        </div>
      )}
      {problem && (
        <p role="alert" className="mt-3 text-sm text-destructive-text">
          {problem}
        </p>
      )}
      {done && (
        <p role="status" className="mt-3 text-sm font-medium text-foreground">
          {done}
        </p>
      )}
    </section>
  );
}
