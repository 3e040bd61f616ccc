import { revealedExportRequestSchema, type ExportQuery } from '@contrail/shared/exports/exports';
import Download from 'lucide-react/icons/download';
import { useId, useState, type FormEvent } from 'react';
import { requestBrandKey } from '../brand/request-brand-key';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { FieldError } from '../ui/field-error';
import { Spinner } from '../ui/spinner';

const FAILED = 'The export could not be downloaded. Please try again.';

/** POSTs the reason with the filters and saves the CSV the engine answers; an error's message otherwise. */
async function downloadWithNames(request: ExportQuery & { reason: string }): Promise<string | undefined> {
  const response = await fetch(`${window.location.origin}/api/admin/exports/bookings/reveal`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', 'X-Brand-Key': requestBrandKey() },
    body: JSON.stringify(request),
  }).catch(() => undefined);
  if (!response?.ok) {
    const body = (await response?.json().catch(() => undefined)) as { message?: string } | undefined;
    return body?.message ?? FAILED;
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1];
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = name ?? 'contrail-bookings-with-names.csv';
  link.click();
  URL.revokeObjectURL(link.href);
  return undefined;
}

/**
 * "Download bookings with names": the bookings export with travellers' full names, for staff who
 * may reveal personal data. It asks why first; the engine records the reason before any row.
 */
export function RevealedExport({ filters }: { filters: ExportQuery }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const inputId = useId();

  if (!open)
    return (
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Download className="h-4 w-4" aria-hidden /> Download bookings with names (CSV)
      </Button>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const given = Object.fromEntries(Object.entries(filters).filter(([, value]) => value));
    const parsed = revealedExportRequestSchema.safeParse({ ...given, reason });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(undefined);
    setBusy(true);
    const failed = await downloadWithNames(parsed.data);
    setBusy(false);
    setError(failed);
    setDone(!failed);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="w-full rounded-xl border border-border p-4 sm:w-96"
    >
      <label htmlFor={inputId} className="block text-sm font-medium text-foreground">
        Why do you need the travellers&apos; names?
      </label>
      <p id={`${inputId}-hint`} className="mt-0.5 text-xs text-muted-foreground">
        A ticket or booking reference. It is recorded with your name in the personal data access log.
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
      {done && (
        <p role="status" className="mt-2 text-sm text-muted-foreground">
          Downloaded. The reason is in the access log.
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {busy && <Spinner />} Download with names
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Close
        </Button>
      </div>
    </form>
  );
}
