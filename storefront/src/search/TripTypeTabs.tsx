import type { TripType } from '@contrail/shared/search/search-form';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../ui/cn';

const tabClass = cn(
  'rounded-md px-4 py-2 text-sm font-semibold transition-colors',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
  'data-[state=active]:bg-primary-surface data-[state=active]:text-primary-foreground data-[state=inactive]:text-foreground data-[state=inactive]:hover:bg-subtle',
);

/** The keys of the WAI-ARIA tabs pattern: a tab is chosen as it takes the focus. */
function nextIndex(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * Seed 000 §2: Round Trip and One Way, as WAI-ARIA tabs (the markup and keys of Radix's, which the
 * first page no longer loads for two buttons). The chosen tab's panel holds `children`.
 */
export function TripTypeTabs({
  value,
  onChange,
  tabs,
  children,
}: {
  value: TripType;
  onChange: (value: TripType) => void;
  tabs: ReadonlyArray<readonly [TripType, string]>;
  children: ReactNode;
}) {
  const id = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = nextIndex(event.key, index, tabs.length);
    if (next === null) return;
    event.preventDefault();
    buttons.current[next]?.focus();
    if (tabs[next]![0] !== value) onChange(tabs[next]![0]);
  };
  return (
    <div dir="ltr" data-orientation="horizontal">
      <div
        role="tablist"
        aria-orientation="horizontal"
        aria-label="Trip type"
        className="inline-flex gap-1 rounded-lg bg-muted p-1"
      >
        {tabs.map(([tab, label], index) => (
          <button
            key={tab}
            ref={(button) => {
              buttons.current[index] = button;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab}`}
            aria-selected={tab === value}
            aria-controls={`${id}-panel-${tab}`}
            data-state={tab === value ? 'active' : 'inactive'}
            tabIndex={tab === value ? 0 : -1}
            onClick={() => tab !== value && onChange(tab)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={tabClass}
          >
            {label}
          </button>
        ))}
      </div>
      {tabs.map(([tab]) => (
        <div
          key={tab}
          role="tabpanel"
          id={`${id}-panel-${tab}`}
          aria-labelledby={`${id}-tab-${tab}`}
          data-state={tab === value ? 'active' : 'inactive'}
          hidden={tab !== value}
          tabIndex={-1}
          className="mt-5 outline-none"
        >
          {tab === value && children}
        </div>
      ))}
    </div>
  );
}
