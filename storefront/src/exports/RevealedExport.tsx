import { revealedExportRequestSchema, type ExportQuery } from '@contrail/shared/exports/exports';
import Download from 'lucide-react/icons/download';
import { useState, type FormEvent } from 'react';
import { requestBrandKey } from '../brand/request-brand-key';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { RevealReasonField } from '../support-desk/RevealReasonField';

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
      <RevealReasonField
        label={"Why do you need the travellers' names?"}
        hint="A ticket or booking reference. It is recorded with your name in the personal data access log."
        value={reason}
        onChange={setReason}
        error={error}
      />
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
