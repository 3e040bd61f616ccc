import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ResultsSearch } from '@contrail/shared/results/search-links';
import { FLEXIBLE_DATES_PARAM } from '@contrail/shared/search/flexible-dates';

/** The calendar, its contract and its request load when a traveller asks for them, never with the results. */
const PriceCalendar = lazy(async () => ({ default: (await import('./PriceCalendar')).PriceCalendar }));

/** The results page's "±3 days" (issue 34): open when the search form asked for it, or at a press. */
export function FlexibleDates({ search }: { search: ResultsSearch }) {
  const [params] = useSearchParams();
  const [open, setOpen] = useState(params.get(FLEXIBLE_DATES_PARAM) === '1');
  return (
    <div className="flex flex-col gap-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="price-calendar"
        onClick={() => setOpen((now) => !now)}
        className="self-start text-sm font-medium text-primary-text underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary"
      >
        {open ? 'Hide nearby dates' : 'Compare prices ±3 days'}
      </button>
      <div id="price-calendar" hidden={!open}>
        {open && (
          <Suspense fallback={<p className="text-sm text-muted-foreground">Comparing nearby dates…</p>}>
            <PriceCalendar search={search} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
