import { airportPlace } from '@contrail/shared/reference/airport-place';
import { formatDate } from '@contrail/shared/results/format';
import type { ResultsSearch } from '@contrail/shared/results/search-links';
import { CABIN_LABELS } from '@contrail/shared/search/cabin';
import type { SearchLeg } from '@contrail/shared/flights/search-slices';
import { Fragment } from 'react';
import { passengersSummary } from '@contrail/shared/search/passengers';
import ArrowRight from 'lucide-react/icons/arrow-right';
import ArrowLeftRight from 'lucide-react/icons/arrow-left-right';
import CalendarDays from 'lucide-react/icons/calendar-days';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import Users from 'lucide-react/icons/users';
import { Button, buttonClass } from '../ui/button';
import { cn } from '../ui/cn';
import { ModifySearchLink } from './ModifySearchLink';

function place(code: string) {
  const name = airportPlace(code);
  return name ? `${name} (${code})` : code;
}

interface SearchSummaryProps {
  search: ResultsSearch;
  onRefresh: () => void;
  refreshing: boolean;
}

/** Seed 000 §2: trip type badge, cabin label, route, dates, passengers; Modify Search and Refresh Results. */
/** A multi-city route: each stop once where the flights join, a comma where they do not (an open jaw). */
function MultiCityRoute({ slices }: { slices: readonly SearchLeg[] }) {
  return slices.map((slice, index) => (
    <Fragment key={index}>
      {slices[index - 1]?.destination !== slice.origin && (
        <span>
          {index > 0 ? ', ' : ''}
          {place(slice.origin)}
        </span>
      )}
      <ArrowRight className="h-5 w-5 text-primary-text" aria-label="to" />
      <span>{place(slice.destination)}</span>
    </Fragment>
  ));
}

export function SearchSummary({ search, onRefresh, refreshing }: SearchSummaryProps) {
  const roundTrip = search.tripType === 'round-trip';
  const slices = search.slices;
  const passengers = passengersSummary({
    adults: search.adultsCount,
    children: search.childrenCount,
    infants: search.infantsCount,
  });
  return (
    <section
      aria-label="Search summary"
      className="flex flex-col gap-4 rounded-xl border border-border bg-background p-4 shadow-sm lg:flex-row lg:items-center lg:justify-between"
    >
      <div className="min-w-0">
        <div className="mb-2 flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-primary-surface px-2.5 py-0.5 text-xs font-semibold text-primary-foreground">
            {slices ? 'Multi-city' : roundTrip ? 'Round Trip' : 'One Way'}
          </span>
          <span className="rounded-full border border-border px-2.5 py-0.5 text-xs font-semibold">
            {CABIN_LABELS[search.cabinClass]}
          </span>
          {search.nearbyAirports && (
            <span className="rounded-full border border-border px-2.5 py-0.5 text-xs font-semibold">
              Nearby airports included
            </span>
          )}
        </div>
        <h1 className="flex flex-wrap items-center gap-x-2 text-xl font-bold sm:text-2xl">
          {slices ? (
            <MultiCityRoute slices={slices} />
          ) : (
            <>
              <span>{place(search.origin)}</span>
              {roundTrip ? (
                <ArrowLeftRight className="h-5 w-5 text-primary-text" aria-label="and back to" />
              ) : (
                <ArrowRight className="h-5 w-5 text-primary-text" aria-label="to" />
              )}
              <span>{place(search.destination)}</span>
            </>
          )}
        </h1>
        <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <CalendarDays className="h-4 w-4" aria-hidden />
            {slices
              ? slices.map((slice) => formatDate(slice.departureDate)).join(' · ')
              : formatDate(search.departureDate)}
            {roundTrip && search.returnDate ? ` – ${formatDate(search.returnDate)}` : ''}
          </span>
          <span className="inline-flex items-center gap-1">
            <Users className="h-4 w-4" aria-hidden />
            {passengers}
          </span>
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <ModifySearchLink search={search} variant="outline" className="flex-1 sm:flex-none">
          Modify Search
        </ModifySearchLink>
        <Button onClick={onRefresh} disabled={refreshing} className="flex-1 sm:flex-none">
          <RefreshCw className={cn('h-4 w-4', refreshing && 'animate-spin')} aria-hidden />
          Refresh Results
        </Button>
      </div>
    </section>
  );
}

/**
 * The summary's frame before the search is known (the results page's prerendered shell): its
 * lines at their heights, and the two actions, which do not depend on the search.
 */
export function SearchSummarySkeleton() {
  return (
    <section
      aria-label="Search summary"
      className="flex flex-col gap-4 rounded-xl border border-border bg-background p-4 shadow-sm lg:flex-row lg:items-center lg:justify-between"
    >
      <div className="min-w-0 flex-1" aria-hidden>
        <div className="mb-2 flex h-[1.375rem] items-center gap-2">
          <span className="h-5 w-20 rounded-full bg-muted" />
          <span className="h-[1.375rem] w-16 rounded-full bg-muted" />
        </div>
        <div className="flex h-7 items-center sm:h-8">
          <span className="h-5 w-64 max-w-full rounded bg-muted sm:h-6" />
        </div>
        <div className="mt-1 flex h-5 items-center">
          <span className="h-4 w-56 max-w-full rounded bg-muted" />
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <span className={buttonClass('outline', 'md', 'flex-1 sm:flex-none')}>Modify Search</span>
        <span className={buttonClass('primary', 'md', 'flex-1 sm:flex-none')}>
          <RefreshCw className="h-4 w-4" aria-hidden />
          Refresh Results
        </span>
      </div>
    </section>
  );
}
