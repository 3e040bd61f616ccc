import { CABIN_CLASSES, CABIN_OPTION_LABELS, type CabinClass } from '@contrail/shared/search/cabin';
import Check from 'lucide-react/icons/check';
import Armchair from 'lucide-react/icons/armchair';
import { useId, useState } from 'react';
import { cn } from '../ui/cn';
import { Popover, PopoverContent, PopoverTrigger } from '../ui/popover';

interface CabinPopoverProps {
  value: CabinClass;
  onChange: (value: CabinClass) => void;
}

/** Seed 000 §2 cabin popover: Economy, Premium Economy, Business Class, First Class. */
export function CabinPopover({ value, onChange }: CabinPopoverProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div>
      <span id={`${id}-label`} className="mb-1 block text-sm font-medium">
        Cabin Class
      </span>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger
          aria-labelledby={`${id}-label ${id}-value`}
          className="flex h-12 w-full items-center gap-2 rounded-[var(--radius)] border border-border bg-background px-3 text-left text-base focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary"
        >
          <Armchair className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
          <span id={`${id}-value`} className="truncate">
            {CABIN_OPTION_LABELS[value]}
          </span>
        </PopoverTrigger>
        <PopoverContent className="w-60 p-1">
          <div role="group" aria-label="Cabin class" className="grid">
            {CABIN_CLASSES.map((cabin) => (
              <button
                key={cabin}
                type="button"
                aria-pressed={cabin === value}
                onClick={() => {
                  onChange(cabin);
                  setOpen(false);
                }}
                className={cn(
                  'flex items-center justify-between rounded-md px-3 py-2 text-left text-sm hover:bg-subtle',
                  'focus-visible:outline-2 focus-visible:outline-primary',
                  cabin === value && 'font-semibold text-primary-text',
                )}
              >
                {CABIN_OPTION_LABELS[cabin]}
                {cabin === value && <Check className="h-4 w-4" aria-hidden />}
              </button>
            ))}
          </div>
        </PopoverContent>
      </Popover>
    </div>
  );
}
