import { CheckCircle2, CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../ui/button';
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
