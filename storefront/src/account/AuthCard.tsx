import type { ReactNode } from 'react';
import { Card } from '../ui/card';

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
