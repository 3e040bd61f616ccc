import type { ReactNode } from 'react';
import { cn } from '../ui/cn';

const tones = {
  good: 'border-[#2f7a0e]/30 bg-[#2f7a0e]/10 text-[#2f7a0e]',
  bad: 'border-destructive/40 bg-background text-destructive-text',
  warn: 'border-warning/40 bg-warning/15 text-[#8a5a00]',
  neutral: 'border-border bg-muted text-foreground',
} as const;

export type BadgeTone = keyof typeof tones;

/** A small status pill; its text carries the meaning, the colour only repeats it. */
export function Badge({
  tone = 'neutral',
  children,
  className,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
