import {
  PASSENGER_KINDS,
  PASSENGER_LIMITS,
  clampPassengers,
  passengersSummary,
  type PassengerCounts,
  type PassengerKind,
} from '@contrail/shared/search/passengers';
import { Minus, Plus, Users } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../ui/cn';
import { Popover, PopoverContent, PopoverTrigger } from '../ui/popover';

const triggerClass = cn(
  'flex h-12 w-full items-center gap-2 rounded-[var(--radius)] border border-border bg-background px-3 text-left text-base',
  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
);
const stepClass =
  'flex h-9 w-9 items-center justify-center rounded-full border border-border hover:bg-subtle disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-primary';

interface PassengersPopoverProps {
  value: PassengerCounts;
  onChange: (value: PassengerCounts) => void;
}

/** Seed 000 §2: Adults (12+), Children (2-11), Infants (under 2), each a clamped stepper. */
export function PassengersPopover({ value, onChange }: PassengersPopoverProps) {
  const id = useId();
  const step = (kind: PassengerKind, delta: number) =>
    onChange({ ...value, [kind]: clampPassengers(kind, value[kind] + delta) });

  return (
    <div>
      <span id={`${id}-label`} className="mb-1 block text-sm font-medium">
        Passengers
      </span>
      <Popover>
        <PopoverTrigger aria-labelledby={`${id}-label ${id}-value`} className={triggerClass}>
          <Users className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
          <span id={`${id}-value`} className="truncate">
            {passengersSummary(value)}
          </span>
        </PopoverTrigger>
        <PopoverContent className="w-72" aria-label="Passengers">
          <ul className="grid gap-3">
            {PASSENGER_KINDS.map((kind) => {
              const limit = PASSENGER_LIMITS[kind];
              const count = value[kind];
              return (
                <li key={kind} className="flex items-center justify-between gap-3">
                  <span>
                    <span className="block font-medium">{limit.label}</span>
                    <span className="block text-sm text-muted-foreground">{limit.age}</span>
                  </span>
                  <span className="flex items-center gap-3">
                    <button
                      type="button"
                      className={stepClass}
                      aria-label={`Fewer ${limit.label.toLowerCase()}`}
                      disabled={count <= limit.min}
                      onClick={() => step(kind, -1)}
                    >
                      <Minus className="h-4 w-4" aria-hidden />
                    </button>
                    <output
                      aria-live="polite"
                      aria-label={`${limit.label} count`}
                      className="w-5 text-center font-semibold"
                    >
                      {count}
                    </output>
                    <button
                      type="button"
                      className={stepClass}
                      aria-label={`More ${limit.label.toLowerCase()}`}
                      disabled={count >= limit.max}
                      onClick={() => step(kind, 1)}
                    >
                      <Plus className="h-4 w-4" aria-hidden />
                    </button>
                  </span>
                </li>
              );
            })}
          </ul>
        </PopoverContent>
      </Popover>
    </div>
  );
}
