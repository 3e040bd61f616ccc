import {
  PASSENGER_KINDS,
  PASSENGER_LIMITS,
  PASSENGER_RULES,
  passengersSummary,
  stepPassengers,
  stepperLimit,
  type PassengerCounts,
  type PassengerKind,
} from '@contrail/shared/search/passengers';
import Info from 'lucide-react/icons/info';
import Minus from 'lucide-react/icons/minus';
import Plus from 'lucide-react/icons/plus';
import Users from 'lucide-react/icons/users';
import { useId } from 'react';
import { cn } from '../ui/cn';
import { FieldError } from '../ui/field-error';
import { Popover, PopoverContent, PopoverTrigger } from '../ui/popover';

const triggerClass = cn(
  'flex h-12 w-full items-center gap-2 rounded-[var(--radius)] border border-border bg-background px-3 text-left text-base',
  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
  'aria-[invalid=true]:border-destructive-text',
);
const stepClass =
  'flex h-9 w-9 items-center justify-center rounded-full border border-border hover:bg-subtle disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-primary';

interface PassengersPopoverProps {
  value: PassengerCounts;
  onChange: (value: PassengerCounts) => void;
  error?: string | undefined;
}

/**
 * Seed 000 §2: Adults (12+), Children (2-11), Infants (under 2), each a clamped stepper; together
 * at most 9, and no more infants than adults, with a hint saying why a stepper stopped (issue 20).
 */
export function PassengersPopover({ value, onChange, error }: PassengersPopoverProps) {
  const id = useId();
  const limits = PASSENGER_KINDS.map((kind) => stepperLimit(value, kind));
  // The rules that stop a stepper now, said beneath the steppers.
  const held = [
    ...new Set(
      PASSENGER_KINDS.map((kind, index) => (value[kind] >= limits[index]!.max ? limits[index]!.heldBy : undefined)),
    ),
  ].filter((rule) => rule !== undefined);

  return (
    <div>
      <span id={`${id}-label`} className="mb-1 block text-sm font-medium">
        Passengers
      </span>
      <Popover>
        <PopoverTrigger
          aria-labelledby={`${id}-label ${id}-value`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={triggerClass}
        >
          <Users className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
          <span id={`${id}-value`} className="truncate">
            {passengersSummary(value)}
          </span>
        </PopoverTrigger>
        <PopoverContent className="w-72" aria-label="Passengers">
          <ul className="grid gap-3">
            {PASSENGER_KINDS.map((kind: PassengerKind, index) => {
              const { label, age } = PASSENGER_LIMITS[kind];
              const { min, max } = limits[index]!;
              const count = value[kind];
              return (
                <li key={kind} className="flex items-center justify-between gap-3">
                  <span>
                    <span className="block font-medium">{label}</span>
                    <span className="block text-sm text-muted-foreground">{age}</span>
                  </span>
                  <span className="flex items-center gap-3">
                    <button
                      type="button"
                      className={stepClass}
                      aria-label={`Fewer ${label.toLowerCase()}`}
                      disabled={count <= min}
                      onClick={() => onChange(stepPassengers(value, kind, -1))}
                    >
                      <Minus className="h-4 w-4" aria-hidden />
                    </button>
                    <output aria-live="polite" aria-label={`${label} count`} className="w-5 text-center font-semibold">
                      {count}
                    </output>
                    <button
                      type="button"
                      className={stepClass}
                      aria-label={`More ${label.toLowerCase()}`}
                      aria-describedby={
                        count >= max && limits[index]!.heldBy ? `${id}-hint-${limits[index]!.heldBy}` : undefined
                      }
                      disabled={count >= max}
                      onClick={() => onChange(stepPassengers(value, kind, 1))}
                    >
                      <Plus className="h-4 w-4" aria-hidden />
                    </button>
                  </span>
                </li>
              );
            })}
          </ul>
          {held.map((rule) => (
            <p
              key={rule}
              id={`${id}-hint-${rule}`}
              className="mt-3 flex items-start gap-2 rounded-md bg-subtle px-3 py-2 text-sm text-muted-foreground"
            >
              <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              {PASSENGER_RULES[rule]}
            </p>
          ))}
        </PopoverContent>
      </Popover>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
