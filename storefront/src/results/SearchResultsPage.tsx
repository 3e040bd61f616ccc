import { MISSING_SEARCH_PARAMS_MESSAGE } from '@contrail/shared/flights/search-limits';
import { activeFilterCount, EMPTY_FILTERS, type FilterState } from '@contrail/shared/results/filter-state';
import { filtersInUse } from '@contrail/shared/results/filter-query';
import { DEFAULT_CURRENCY } from '@contrail/shared/results/format';
import { readResultsSort, withResultsSort } from '@contrail/shared/results/results-params';
import { readBagsParams, withBagsParams } from '@contrail/shared/results/bags-params';
import { describeBagsWanted, wantsBags } from '@contrail/shared/pricing/bags';
import {
  flightDetailsUrl,
  readResultsSearch,
  resultsSearchParams,
  type ResultsSearch,
} from '@contrail/shared/results/search-links';
import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import { lazy, startTransition, Suspense, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../app/api-error';
import { FlexibleDates } from '../calendar/FlexibleDates';
import { MonthPrices } from '../calendar/MonthPrices';
import { TrackPrices } from '../price-tracking/TrackPrices';
import { useBrand } from '../brand/brand-context';
import { usePageMeta } from '../brand/page-meta';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { cn } from '../ui/cn';
import { useGrowingCount } from '../ui/use-growing-count';
import { useNearViewport } from '../ui/use-near-viewport';
import { BagsPicker } from '../bags/BagsPicker';
import { CabinNotice } from './CabinNotice';
import { LoadMoreControls } from './LoadMoreControls';
import { ResultCard } from './ResultCard';
import { ResultsCount } from './ResultsCount';
import { EmptyState, ErrorState, LoadingBanner, NoMatchingState } from './ResultsStates';
import { SearchSummary } from './SearchSummary';
import { SortSelect } from './SortSelect';
import { useSearchResults } from './use-search-results';
import { useSettled } from './use-settled';

// The panel's sliders (Radix) and controls in a chunk of their own: the cards come first.
const FilterPanel = lazy(() => import('./FilterPanel').then((module) => ({ default: module.FilterPanel })));

const FILTER_PANEL_ID = 'results-filters';
const FILTER_TOGGLE_ID = 'results-filters-toggle';
/** The cards of a phone's first screen and more; the rest follow a few per task (useGrowingCount). */
const FIRST_CARDS = 3;
const CARDS_PER_TASK = 3;
/**
 * The cards shown before the visitor heads down the list: a phone's first two screens or so.
 * The rest come once the place they will fill is within a screen of the view (a scroll, or a key
 * that moves the focus down), so a visit that only looks lays out, paints and holds no more
 * (issue 38: each later card was main-thread work during the load).
 */
const CARDS_BEFORE_SCROLL = 6;
/** A slider dragged asks the engine once it rests this long. */
const FILTER_SETTLE_MS = 300;

function wideScreen(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(min-width: 1024px)').matches
  );
}

function Results({ search }: { search: ResultsSearch }) {
  const { brand } = useBrand();
  // The sort lives in the URL: the engine sorts every offer found in it, and a reload keeps it.
  const [params, setParams] = useSearchParams();
  const sort = readResultsSort(params);
  // The bags each traveller brings live in the URL too: the cards' links carry them to checkout.
  const bagsInUrl = readBagsParams(params);
  const bagsKey = `${bagsInUrl.checked}.${bagsInUrl.carryOn}`;
  const bags = useMemo(() => (wantsBags(bagsInUrl) ? bagsInUrl : null), [bagsKey]); // eslint-disable-line react-hooks/exhaustive-deps
  // The answer's cards render in a transition, in slices that let the browser breathe, while the
  // page goes on showing what it showed (Lighthouse's Total Blocking Time).
  // The engine filters every offer found (issue 33 item 8): the panel's choices travel with the request.
  const [filters, setFilters] = useState<FilterState>(EMPTY_FILTERS);
  const latest = useSearchResults(search, sort, useSettled(filters, FILTER_SETTLE_MS), bags);
  const results = useDeferredValue(latest);
  const [panelOpen, setPanelOpen] = useState(wideScreen);

  const { offers: shown, facets } = results;
  const travellers = search.adultsCount + search.childrenCount + search.infantsCount;
  const pricing = useMemo(
    () => ({ pricing: brand.pricing, travellers, cabin: search.cabinClass, ...(bags && { bags }) }),
    [brand.pricing, travellers, search.cabinClass, bags],
  );
  const priceBounds = facets?.price ?? null;
  const found = facets?.found ?? shown.length;
  const [restPlace, setRestPlace] = useState<HTMLDivElement | null>(null);
  const restWanted = useNearViewport(restPlace, '100%');
  const cardCount = useGrowingCount(
    restWanted ? shown.length : Math.min(shown.length, CARDS_BEFORE_SCROLL),
    FIRST_CARDS,
    CARDS_PER_TASK,
  );
  const activeCount = activeFilterCount(filters, priceBounds);
  const emissionsMedian = facets?.emissionsKg?.median ?? null;
  const currency = shown[0]?.total_currency ?? DEFAULT_CURRENCY;
  const detailsUrl = useCallback(
    (id: string) => flightDetailsUrl(id, search, bags, emissionsMedian),
    [search, bags, emissionsMedian],
  );
  const resetFilters = () => setFilters(EMPTY_FILTERS);

  return (
    <>
      <SearchSummary search={search} onRefresh={results.refresh} refreshing={results.isLoading} />
      {/* Flexible dates and price alerts follow one departure and one return: a multi-city search has neither. */}
      {!search.slices && <FlexibleDates search={search} />}
      {!search.slices && <MonthPrices search={search} />}
      {!search.slices && <TrackPrices search={search} />}
      {results.isLoading ? (
        <LoadingBanner previews={results.previews} detailsUrl={detailsUrl} pricing={pricing} />
      ) : results.isError ? (
        <ErrorState message={errorMessage(results.error)} onRetry={() => window.location.reload()} search={search} />
      ) : !results.hasData ? null : found === 0 && !filtersInUse(filters) ? (
        <EmptyState search={search} />
      ) : (
        renderList()
      )}
    </>
  );

  function renderList() {
    return (
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-3">
            <Button
              id={FILTER_TOGGLE_ID}
              variant="outline"
              // A transition: the press is painted at once, the page's new layout follows (INP).
              onClick={() => startTransition(() => setPanelOpen((open) => !open))}
              aria-expanded={panelOpen}
              aria-controls={FILTER_PANEL_ID}
            >
              <SlidersHorizontal className="h-4 w-4" aria-hidden />
              {panelOpen ? 'Hide Filters' : 'Show Filters'}
              {activeCount > 0 && (
                <span className="rounded-full bg-primary-surface px-2 py-0.5 text-xs font-bold text-primary-foreground">
                  {activeCount}
                </span>
              )}
            </Button>
            <ResultsCount
              loaded={shown.length}
              matching={results.total}
              found={found}
              filtered={filtersInUse(filters)}
              updating={results.updating}
            />
          </div>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <BagsPicker
              idPrefix="results"
              value={bagsInUrl}
              travellers={search.adultsCount + search.childrenCount}
              onChange={(next) => setParams((now) => withBagsParams(now, next), { replace: true })}
            />
            <SortSelect
              value={sort}
              onChange={(next) => setParams((now) => withResultsSort(now, next), { replace: true })}
            />
          </div>
        </div>
        {bags && (
          <p className="text-sm text-muted-foreground" role="status">
            Prices include {describeBagsWanted(bags, search.adultsCount + search.childrenCount)}, at each airline’s
            price for the bags its fare does not include.
          </p>
        )}

        <div className={cn('grid gap-4', panelOpen && 'lg:grid-cols-[18rem_1fr]')}>
          {panelOpen && (
            <Suspense
              fallback={
                // The toggle's aria-controls names the panel's place while its code loads too.
                <div
                  id={FILTER_PANEL_ID}
                  role="status"
                  className="flex h-48 items-center justify-center gap-2 rounded-xl border border-border bg-background text-sm text-muted-foreground"
                >
                  <Spinner /> Loading filters…
                </div>
              }
            >
              <FilterPanel
                id={FILTER_PANEL_ID}
                className="lg:sticky lg:top-20 lg:self-start"
                filters={filters}
                onChange={setFilters}
                priceBounds={priceBounds}
                durationBounds={facets?.durationHours ?? null}
                airlines={facets?.airlines ?? []}
                facets={facets}
                currency={currency}
                activeCount={activeCount}
                onClear={resetFilters}
                onApply={() => {
                  setPanelOpen(false);
                  // The focused button goes away with the panel; keyboard users continue from the toggle.
                  document.getElementById(FILTER_TOGGLE_ID)?.focus();
                }}
              />
            </Suspense>
          )}
          <div className="flex min-w-0 flex-col gap-4">
            <CabinNotice wanted={search.cabinClass} sold={facets?.cabins ?? []} />
            {shown.length === 0 ? (
              <NoMatchingState onReset={resetFilters} />
            ) : (
              <ul className="flex flex-col gap-4" aria-label="Flight offers">
                {shown.slice(0, cardCount).map((offer) => (
                  <li key={offer.id}>
                    <ResultCard
                      offer={offer}
                      detailsUrl={detailsUrl(offer.id)}
                      pricing={pricing}
                      routeEmissionsMedian={emissionsMedian}
                      typedOrigin={search.origin}
                      typedDestination={search.destination}
                    />
                  </li>
                ))}
              </ul>
            )}
            {/* Keeps what follows the list out of view until the cards are in, so it never moves while seen. */}
            {cardCount < shown.length && (
              <div ref={setRestPlace} className="min-h-screen" aria-hidden data-testid="cards-placeholder" />
            )}
            <LoadMoreControls
              loaded={shown.length}
              total={results.total}
              hasMore={results.hasMore}
              loading={results.loadingMore}
              onLoadMore={results.requestLoadMore}
              onBackToFirstPage={results.backToFirstPage}
            />
          </div>
        </div>
      </div>
    );
  }
}

/** /search (seed 000 §2 and §4). */
export function SearchResultsPage() {
  const [params] = useSearchParams();
  const search = readResultsSearch(params);
  const searchKey = search ? resultsSearchParams(search).toString() : '';
  // One object per search, so the query cache key and the page state follow the search, not renders.
  const stable = useMemo(() => search, [searchKey]); // eslint-disable-line react-hooks/exhaustive-deps
  usePageMeta({
    description: 'Compare flight offers, filter by price, airline, stops and times, and pick the one that suits you.',
  });

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6">
      {stable ? (
        <Results key={searchKey} search={stable} />
      ) : (
        <ErrorState message={MISSING_SEARCH_PARAMS_MESSAGE} onRetry={() => window.location.reload()} />
      )}
    </div>
  );
}
