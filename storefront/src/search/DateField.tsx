import { formatDatePattern } from '@contrail/shared/results/date-pattern';
import { SELLABLE_DAYS_AHEAD } from '@contrail/shared/search/sellable-dates';
import { startOfDay } from 'date-fns/startOfDay';
import CalendarDays from 'lucide-react/icons/calendar-days';
import { Suspense, useId, useState } from 'react';
import { lazyPage } from '../app/lazy-page';
import { cn } from '../ui/cn';
import { FieldError } from '../ui/field-error';
import { Popover, PopoverContent, PopoverTrigger } from '../ui/popover';
import { Spinner } from '../ui/spinner';

// The calendar library loads when a calendar is first opened, not with the search form.
const DateCalendar = lazyPage(() => import('./DateCalendar'), 'DateCalendar');

/** Seed 000 §2: shown like "MMM dd, yyyy", stored as yyyy-MM-dd. */
export const DISPLAY_DATE = 'MMM dd, yyyy';
export const STORED_DATE = 'yyyy-MM-dd';
const LONG_DATE = 'MMMM do, y';

const STORED = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A stored yyyy-MM-dd as that local day; undefined for anything else (a 31st of June included). */
export function parseStoredDate(value: string): Date | undefined {
  const match = STORED.exec(value);
  if (!match) return undefined;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(year, month - 1, day);
  date.setFullYear(year);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : undefined;
}

interface DateFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The first selectable day; seed: no past dates, and a return not before departure. */
  minDate: Date;
  /** The last selectable day: flights are sold about 330 days ahead (issue 33). */
  maxDate: Date;
  error?: string | undefined;
}

/** A date picker in a popover: week starts Sunday, English (US) (seed 000 §9). */
export function DateField({ label, value, onChange, minDate, maxDate, error }: DateFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const [open, setOpen] = useState(false);
  const selected = parseStoredDate(value);
  const min = startOfDay(minDate);

  return (
    <div>
      <span id={labelId} className="mb-1 block text-sm font-medium">
        {label}
      </span>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger
          aria-labelledby={`${labelId} ${id}-value`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(
            'flex h-12 w-full items-center gap-2 rounded-[var(--radius)] border bg-background px-3 text-left text-base',
            'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
            error ? 'border-destructive-text' : 'border-border',
          )}
        >
          <CalendarDays className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
          <span id={`${id}-value`} className={cn('truncate', !selected && 'text-muted-foreground')}>
            {selected ? formatDatePattern(selected, DISPLAY_DATE) : 'Select date'}
          </span>
        </PopoverTrigger>
        {/* Always below the field: flipped above, the calendar covered the page's headline (issue 33). */}
        <PopoverContent side="bottom" avoidCollisions={false} className="w-auto p-2" aria-label={`${label} calendar`}>
          <Suspense
            fallback={
              <div role="status" className="flex h-[300px] w-[280px] items-center justify-center">
                <Spinner className="h-5 w-5" />
                <span className="sr-only">Loading calendar...</span>
              </div>
            }
          >
            <DateCalendar
              selected={selected}
              min={min}
              max={startOfDay(maxDate)}
              onSelect={(date) => {
                onChange(formatDatePattern(date, STORED_DATE));
                setOpen(false);
              }}
            />
          </Suspense>
          <p className="max-w-[280px] px-2 pb-1 text-xs text-muted-foreground">
            Flights are on sale up to {SELLABLE_DAYS_AHEAD} days ahead, until {formatDatePattern(maxDate, LONG_DATE)}.
          </p>
        </PopoverContent>
      </Popover>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
