import CheckCircle2 from 'lucide-react/icons/circle-check';
import CircleAlert from 'lucide-react/icons/circle-exclamation-point';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { useBrandContact } from './use-brand-contact';

/** Shown once the engine has recorded the message: never before. */
export function SentNotice({ title, children, onAgain }: { title: string; children: ReactNode; onAgain?: () => void }) {
  return (
    <div role="status" className="rounded-xl border border-success bg-subtle p-6">
      <p className="flex items-center gap-2 text-lg font-semibold">
        <CheckCircle2 className="h-5 w-5 shrink-0 text-success" aria-hidden /> {title}
      </p>
      <div className="mt-2 text-muted-foreground">{children}</div>
      {onAgain && (
        <Button variant="outline" className="mt-4" onClick={onAgain}>
          Send another message
        </Button>
      )}
    </div>
  );
}

/** A failed submit: what went wrong, and the other ways to reach us. */
export function SendFailedNotice({ message }: { message: string }) {
  const brand = useBrandContact();
  return (
    <div role="alert" className="rounded-xl border border-destructive-text p-4 text-sm">
      <p className="flex items-start gap-2 font-semibold text-destructive-text">
        <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden /> Your message was not sent: {message}
      </p>
      <p className="mt-1 text-muted-foreground">
        You can also email{' '}
        <a className="font-medium text-primary-text underline" href={`mailto:${brand.email}`}>
          {brand.email}
        </a>{' '}
        or call{' '}
        <a className="font-medium text-primary-text underline" href={brand.phoneHref}>
          {brand.phone}
        </a>
        .
      </p>
    </div>
  );
}

/** The end of a help-page form: why the last submit failed, if it did, and the submit button. */
export function SubmitRow({
  failure,
  busy,
  label,
  busyLabel,
}: {
  failure?: string | undefined;
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <>
      {failure && (
        <div className="sm:col-span-2">
          <SendFailedNotice message={failure} />
        </div>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
          {busy && <Spinner className="h-4 w-4" />}
          {busy ? busyLabel : label}
        </Button>
      </div>
    </>
  );
}

/** A help-page form: two columns from 640 px, validated by the form layer (no browser bubbles). */
export function HelpForm({
  label,
  onSubmit,
  children,
}: {
  label: string;
  onSubmit: (event: FormEvent) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-5 sm:grid-cols-2"
      aria-label={label}
    >
      {children}
    </form>
  );
}
