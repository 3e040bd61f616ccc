import { SHARE_TEXT } from '@contrail/shared/booking/trip-share';
import Share from 'lucide-react/icons/share-2';
import { useState } from 'react';
import { Button } from './button';
import { useCreateShareLinkMutation, useRevokeShareLinkMutation, useShareStatusQuery } from '../trips/shareApi';

/**
 * Issue 36: the owner's share link of a booked trip. A new link is shown once (only its hash is
 * kept); creating another replaces it; revoking ends it.
 */
export function ShareTrip({ bookingId }: { bookingId: string }) {
  const status = useShareStatusQuery(bookingId);
  const [create, creating] = useCreateShareLinkMutation();
  const [revoke, revoking] = useRevokeShareLinkMutation();
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const active = status.data?.active ?? false;
  const failed = creating.isError || revoking.isError;

  const onCreate = async () => {
    const answer = await create(bookingId);
    if (!answer.data) return;
    setUrl(`${window.location.origin}${answer.data.path}`);
    setCopied(false);
    setNote(null);
  };
  const onRevoke = async () => {
    if ((await revoke(bookingId)).error) return;
    setUrl(null);
    setNote(SHARE_TEXT.revoked);
  };
  const onCopy = async () => {
    if (!url) return;
    await navigator.clipboard?.writeText(url);
    setCopied(true);
  };

  return (
    <section aria-labelledby={`share-${bookingId}`} className="grid gap-2 rounded-lg border border-border p-3 text-sm">
      <h3 id={`share-${bookingId}`} className="font-semibold">
        {SHARE_TEXT.heading}
      </h3>
      <p className="text-muted-foreground">{SHARE_TEXT.explain}</p>
      {url && (
        <div className="grid gap-1">
          <label htmlFor={`share-url-${bookingId}`} className="font-medium">
            {SHARE_TEXT.shownOnce}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id={`share-url-${bookingId}`}
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 rounded-md border border-border bg-background px-2 py-1.5 font-mono text-xs"
            />
            <Button type="button" variant="outline" size="sm" onClick={() => void onCopy()}>
              {copied ? SHARE_TEXT.copied : SHARE_TEXT.copy}
            </Button>
          </div>
        </div>
      )}
      {active && !url && <p>{SHARE_TEXT.active}</p>}
      <p role="status" className="empty:hidden">
        {note}
      </p>
      {failed && (
        <p role="alert" className="text-destructive-text">
          The share link could not be changed. Please try again.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" disabled={creating.isLoading} onClick={() => void onCreate()}>
          <Share className="h-4 w-4" aria-hidden />
          {active ? SHARE_TEXT.createNew : SHARE_TEXT.create}
        </Button>
        {active && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={revoking.isLoading}
            onClick={() => void onRevoke()}
          >
            {SHARE_TEXT.revoke}
          </Button>
        )}
      </div>
    </section>
  );
}
