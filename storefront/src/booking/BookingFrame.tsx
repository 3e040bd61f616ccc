import type { ReactNode } from 'react';
import { cn } from '../ui/cn';
import type { BookingStep } from './booking-flow';
import { StepIndicator } from './StepIndicator';

/**
 * /booking's frame: the steps, the step's own content, and the flight summary after it on narrow
 * screens, beside it on wide ones. The engine's first HTML for a listed offer renders it too
 * (app/server/offer-summary.tsx).
 */
export function BookingFrame({
  step,
  className,
  summary,
  children,
}: {
  step: BookingStep;
  className?: string;
  summary: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={cn('mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-6 sm:px-6', className)}>
      <h1 className="sr-only">Book Your Flight</h1>
      <StepIndicator step={step} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="min-w-0">{children}</div>
        <aside className="lg:sticky lg:top-20">{summary}</aside>
      </div>
    </div>
  );
}
