import Check from 'lucide-react/icons/check';
import { cn } from '../ui/cn';
import { BOOKING_STEPS, STEP_LABELS, type BookingStep } from './booking-flow';

/** Seed 001 §2: Passenger Details, Seat Selection, Payment, Confirmation. */
export function StepIndicator({ step }: { step: BookingStep }) {
  const current = BOOKING_STEPS.indexOf(step);
  return (
    <nav aria-label="Booking progress">
      <ol className="grid grid-cols-4 gap-2">
        {BOOKING_STEPS.map((each, index) => {
          const done = index < current;
          const active = index === current;
          return (
            <li
              key={each}
              aria-current={active ? 'step' : undefined}
              className="flex flex-col items-center gap-1 text-center sm:flex-row sm:justify-center sm:gap-2"
            >
              <span
                aria-hidden
                className={cn(
                  'flex h-8 w-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold',
                  done && 'border-primary-surface bg-primary-surface text-primary-foreground',
                  active && 'border-primary-surface text-primary-text',
                  !done && !active && 'border-border text-muted-foreground',
                )}
              >
                {done ? <Check className="h-4 w-4" /> : index + 1}
              </span>
              <span
                className={cn(
                  'text-xs leading-tight sm:text-sm',
                  active ? 'font-semibold text-foreground' : 'text-muted-foreground',
                )}
              >
                {STEP_LABELS[each]}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
