import type { ReactNode } from 'react';
import { cn } from '../ui/cn';

interface PageHeaderProps {
  title: string;
  lead?: ReactNode;
  meta?: ReactNode;
  /** The page body's max-width class, so the title lines up with the text below it. */
  width?: string;
}

/** The title band every content page opens with. */
export function PageHeader({ title, lead, meta, width = 'max-w-6xl' }: PageHeaderProps) {
  return (
    <header className="border-b border-border bg-subtle">
      <div className={cn('mx-auto px-4 py-10 sm:px-6 sm:py-14', width)}>
        <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{title}</h1>
        {lead && <p className="mt-3 max-w-3xl text-base text-muted-foreground sm:text-lg">{lead}</p>}
        {meta && <p className="mt-3 text-sm text-muted-foreground">{meta}</p>}
      </div>
    </header>
  );
}
