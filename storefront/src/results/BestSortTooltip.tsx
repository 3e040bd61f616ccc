import { BEST_EXPLANATION } from '@contrail/shared/results/best';
import Info from 'lucide-react/icons/info';
import * as Tooltip from 'radix-ui/tooltip';
import { useState } from 'react';

/**
 * How Best weighs the offers, in a Radix tooltip: on hover and on focus, and on a tap too (a
 * phone has no hover), so every traveller can read it.
 */
export default function BestSortTooltip() {
  const [open, setOpen] = useState(false);
  return (
    <Tooltip.Provider delayDuration={200}>
      <Tooltip.Root open={open} onOpenChange={setOpen}>
        <Tooltip.Trigger asChild>
          <button
            type="button"
            aria-label="How Best is sorted"
            onClick={(event) => {
              // Radix closes a tooltip on a click; a tap is how a phone asks for it, so it toggles instead.
              event.preventDefault();
              setOpen((now) => !now);
            }}
            className="inline-flex h-10 w-10 items-center justify-center rounded-md text-muted-foreground hover:bg-subtle focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          >
            <Info className="h-4 w-4" aria-hidden />
          </button>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            side="bottom"
            align="end"
            sideOffset={4}
            collisionPadding={8}
            className="z-50 max-w-xs rounded-md border border-border bg-background p-3 text-sm text-foreground shadow-md"
          >
            {BEST_EXPLANATION}
            <Tooltip.Arrow className="fill-background" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
