import * as P from 'radix-ui/popover';
import type { ComponentProps } from 'react';
import { cn } from './cn';

/** Radix's popover, loaded after the first render by ui/popover.tsx. */
export const RadixPopover = P.Root;
export const RadixPopoverTrigger = P.Trigger;

/** Seed 000 §9: popovers open 4 px from their trigger. */
export function RadixPopoverContent({
  className,
  sideOffset = 4,
  align = 'start',
  ...props
}: ComponentProps<typeof P.Content>) {
  return (
    <P.Portal>
      <P.Content
        sideOffset={sideOffset}
        align={align}
        collisionPadding={8}
        className={cn(
          'z-50 rounded-lg border border-border bg-background p-3 text-foreground shadow-lg outline-none',
          className,
        )}
        {...props}
      />
    </P.Portal>
  );
}
