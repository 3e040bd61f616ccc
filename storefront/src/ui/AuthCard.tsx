import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from './button';
import { Card } from './card';

export const authLinkClass = 'font-medium text-primary-text underline-offset-4 hover:underline';

/** The centred card the sign-in and registration pages sit in. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <section className="flex justify-center bg-subtle px-4 py-12 sm:py-16">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-foreground">{title}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{subtitle}</p>
        <div className="mt-6">{children}</div>
      </Card>
    </section>
  );
}

/** The form's submit button, saying what it is doing while busy. */
export function AuthSubmit({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <Button type="submit" className="w-full" disabled={busy}>
      {busy ? busyLabel : label}
    </Button>
  );
}

/** "Already have an account? Log in" and the like, under the form. */
export function AuthSwitch({ question, to, link }: { question: string; to: string; link: string }) {
  return (
    <p className="mt-6 text-center text-sm text-muted-foreground">
      {question}{' '}
      <Link to={to} className={authLinkClass}>
        {link}
      </Link>
    </p>
  );
}
