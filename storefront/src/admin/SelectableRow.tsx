import type { ReactNode } from 'react';
import { cn } from '../ui/cn';

/** A list item that opens its details below the list: pressed while they show. */
export function SelectableRow({
  selected,
  onSelect,
  className,
  children,
}: {
  selected: boolean;
  onSelect: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-pressed={selected}
        className={cn(
          'flex w-full flex-wrap items-center justify-between rounded-xl border bg-background p-4 text-left hover:bg-subtle',
          'focus-visible:outline-2 focus-visible:outline-primary',
          selected ? 'border-primary' : 'border-border',
          className,
        )}
      >
        {children}
      </button>
    </li>
  );
}
