import { internalNoteRequestSchema, type DeskEntry } from '@contrail/shared/support-desk/contracts';
import { formatPrice } from '@contrail/shared/results/format';
import { format } from 'date-fns/format';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../app/api-error';
import { Button } from '../ui/button';
import { FieldError } from '../ui/field-error';
import { Spinner } from '../ui/spinner';
import { seenText } from './seen-labels';
import { useAddInternalNoteMutation, useDeskTimelineQuery } from './supportDeskApi';

const when = (iso: string) => format(new Date(iso), 'd MMM yyyy, HH:mm');

function EntryText({ entry }: { entry: DeskEntry }) {
  switch (entry.type) {
    case 'PersonalDataRevealed':
      return (
        <>
          <strong className="font-semibold">{entry.by}</strong> saw {seenText(entry.seen)}
          <span className="block text-muted-foreground">Reason: {entry.reason}</span>
        </>
      );
    case 'PersonalDataErased':
      return (
        <>
          <strong className="font-semibold">{entry.by}</strong> erased the travellers&apos; personal data
          <span className="block text-muted-foreground">Reason: {entry.reason}</span>
        </>
      );
    case 'InternalNoteAdded':
      return (
        <>
          <strong className="font-semibold">{entry.by}</strong> noted
          <span className="block whitespace-pre-wrap text-foreground">{entry.text}</span>
        </>
      );
    case 'CancellationQuoted':
      return (
        <>
          <strong className="font-semibold">{entry.by}</strong> asked for a cancellation quote for the traveller:{' '}
          {formatPrice(entry.refund, entry.currency)} refund
          <span className="block text-muted-foreground">Reason: {entry.reason}</span>
        </>
      );
    case 'CancellationRequested':
      return (
        <>
          <strong className="font-semibold">{entry.by}</strong> cancelled the booking for the traveller
          <span className="block text-muted-foreground">Reason: {entry.reason}</span>
        </>
      );
    case 'ConfirmationResendRequested':
      return (
        <>
          <strong className="font-semibold">{entry.by}</strong> sent the confirmation email again
          <span className="block text-muted-foreground">Reason: {entry.reason}</span>
        </>
      );
  }
}

function NoteForm({ bookingId }: { bookingId: string }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [addNote, adding] = useAddInternalNoteMutation();
  const inputId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = internalNoteRequestSchema.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    setError(undefined);
    const result = await addNote({ id: bookingId, text: parsed.data.text });
    if ('data' in result) setText('');
    else setError(errorMessage(result.error, 'The note could not be saved.'));
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-4">
      <label htmlFor={inputId} className="block text-sm font-medium text-foreground">
        Internal note (never shown to the traveller)
      </label>
      <textarea
        id={inputId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={3}
        maxLength={2000}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        className="mt-1.5 w-full rounded-[var(--radius)] border border-border bg-background p-3 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary"
      />
      <FieldError id={`${inputId}-error`} message={error} />
      <Button type="submit" size="sm" className="mt-2" disabled={adding.isLoading}>
        {adding.isLoading && <Spinner />} Add note
      </Button>
    </form>
  );
}

/** Staff work on a booking: who saw its personal data and why, erasures, internal notes. */
export function DeskActivity({ bookingId, canAddNotes }: { bookingId: string; canAddNotes: boolean }) {
  const desk = useDeskTimelineQuery(bookingId);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-6 border-t border-border pt-5">
      <h3 id={headingId} className="font-semibold text-foreground">
        Staff activity
      </h3>
      {desk.isLoading && <p className="mt-2 text-sm text-muted-foreground">Loading staff activity…</p>}
      {desk.isError && (
        <p role="alert" className="mt-2 text-sm text-destructive-text">
          {errorMessage(desk.error, 'The staff activity could not be loaded.')}
        </p>
      )}
      {desk.data && desk.data.entries.length === 0 && (
        <p className="mt-2 text-sm text-muted-foreground">
          No one has seen personal data, acted for the traveller or left a note yet.
        </p>
      )}
      {desk.data && desk.data.entries.length > 0 && (
        <ol aria-label="Staff activity" className="mt-3 grid gap-3">
          {desk.data.entries.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="rounded-lg bg-subtle p-3 text-sm text-foreground">
              <time dateTime={entry.at} className="block text-xs text-muted-foreground">
                {when(entry.at)}
              </time>
              <EntryText entry={entry} />
            </li>
          ))}
        </ol>
      )}
      {canAddNotes && <NoteForm bookingId={bookingId} />}
    </section>
  );
}
