import type { BookingHistory } from '@contrail/shared/admin/operations';
import { accessReasonSchema } from '@contrail/shared/support-desk/contracts';
import Eye from 'lucide-react/icons/eye';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../app/api-error';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { RevealReasonField } from './RevealReasonField';
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
      <RevealReasonField
        label="Why do you need to see it?"
        hint="A booking reference or the ticket. It is recorded with your name on this booking."
        value={reason}
        onChange={setReason}
        error={error}
      />
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
