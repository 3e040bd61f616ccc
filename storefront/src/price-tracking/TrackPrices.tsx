import type { ResultsSearch } from '@contrail/shared/results/search-links';
import { lazy, Suspense, useState } from 'react';

/** The form, its contract and its requests load when a traveller asks to track, never with the results. */
const TrackPricesForm = lazy(async () => ({ default: (await import('./TrackPricesForm')).TrackPricesForm }));

/** The results page's "Track prices" control (issue 34): a disclosure that opens the alert's form. */
export function TrackPrices({ search }: { search: ResultsSearch }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-col gap-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="track-prices"
        onClick={() => setOpen((now) => !now)}
        className="self-start text-sm font-medium text-primary-text underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary"
      >
        {open ? 'Hide price tracking' : 'Track prices'}
      </button>
      <div id="track-prices" hidden={!open}>
        {open && (
          <Suspense fallback={<p className="text-sm text-muted-foreground">Loading…</p>}>
            <TrackPricesForm search={search} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
