import type { BookingHistory } from '@contrail/shared/admin/operations';
import { accessReasonSchema } from '@contrail/shared/support-desk/contracts';
import Eye from 'lucide-react/icons/eye';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../app/api-error';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { FieldError } from '../ui/field-error';
import { Spinner } from '../ui/spinner';
import { useRevealPersonalDataMutation } from './supportDeskApi';

/**
 * "Show personal data": asks why (a booking reference or the ticket) before the engine shows the
 * travellers' data; the reason is recorded on the booking's timeline and in the access log.
 */
export function RevealForm({
  bookingId,
  onRevealed,
}: {
  bookingId: string;
  onRevealed: (history: BookingHistory) => void;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [reveal, revealing] = useRevealPersonalDataMutation();
  const inputId = useId();

  if (!open) {
    return (
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Eye className="h-4 w-4" aria-hidden /> Show personal data
      </Button>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = accessReasonSchema.safeParse(reason);
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    setError(undefined);
    const result = await reveal({ id: bookingId, reason: parsed.data });
    if ('data' in result && result.data) {
      onRevealed(result.data);
      setOpen(false);
      setReason('');
    } else setError(errorMessage(result.error, 'The personal data could not be shown.'));
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="w-full rounded-xl border border-border p-4 sm:w-96"
    >
      <label htmlFor={inputId} className="block text-sm font-medium text-foreground">
        Why do you need to see it?
      </label>
      <p id={`${inputId}-hint`} className="mt-0.5 text-xs text-muted-foreground">
        A booking reference or the ticket. It is recorded with your name on this booking.
      </p>
      <input
        id={inputId}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        maxLength={500}
        autoComplete="off"
        // The form opens because the user asked for it: the reason is what they type next.
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-hint ${inputId}-error` : `${inputId}-hint`}
        className={cn(
          'mt-2 h-10 w-full rounded-[var(--radius)] border bg-background px-3 text-sm text-foreground',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
          error ? 'border-destructive' : 'border-border',
        )}
      />
      <FieldError id={`${inputId}-error`} message={error} />
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={revealing.isLoading}>
          {revealing.isLoading && <Spinner />} Show personal data
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
