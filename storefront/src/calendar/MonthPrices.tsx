import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ResultsSearch } from '@contrail/shared/results/search-links';
import { MONTH_GRAPH_PARAM } from '@contrail/shared/search/flexible-dates';

/** The graph, its contract and its request load when a traveller asks for them, never with the results. */
const MonthPriceGraph = lazy(async () => ({ default: (await import('./MonthPriceGraph')).MonthPriceGraph }));

/** The results page's month price graph (issue 34): open after choosing one of its days, or at a press. */
export function MonthPrices({ search }: { search: ResultsSearch }) {
  const [params] = useSearchParams();
  const [open, setOpen] = useState(params.get(MONTH_GRAPH_PARAM) === '1');
  return (
    <div className="flex flex-col gap-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="month-prices"
        onClick={() => setOpen((now) => !now)}
        className="self-start text-sm font-medium text-primary-text underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary"
      >
        {open ? 'Hide the month’s prices' : 'Show prices for the whole month'}
      </button>
      <div id="month-prices" hidden={!open}>
        {open && (
          <Suspense fallback={<p className="text-sm text-muted-foreground">Loading the month’s prices…</p>}>
            <MonthPriceGraph search={search} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
