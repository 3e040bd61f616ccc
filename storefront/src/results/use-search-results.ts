import { skipToken } from '@reduxjs/toolkit/query';
import type { SearchOffer } from '@contrail/shared/flights/search-offer';
import { readLoadMore, withLoadMore, withoutLoadMore } from '@contrail/shared/results/load-more';
import { mergeOffers } from '@contrail/shared/results/merge-offers';
import { isDisplayableOffer } from '@contrail/shared/results/offer-facts';
import { resultsSearchParams, type ResultsSearch } from '@contrail/shared/results/search-links';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SearchFacets } from '@contrail/shared/flights/offer';
import type { FilterState } from '@contrail/shared/results/filter-state';
import { filterQuery } from '@contrail/shared/results/filter-query';
import { bagsQuery } from '@contrail/shared/results/bags-params';
import { wantsBags, type BagsWanted } from '@contrail/shared/pricing/bags';
import type { SortOption } from '@contrail/shared/results/sort';
import { errorMessage } from '../app/api-error';
import { toast } from '../ui/use-toast';
import { clearPreviousResults, loadPreviousResults, saveLastSearch, savePreviousResults } from '../app/local-store';
import { useLazySearchFlightsPageQuery, useSearchFlightsQuery } from './searchApi';

interface Extended {
  searchKey: string;
  offers: SearchOffer[];
  total: number;
  hasMore: boolean;
  facets: SearchFacets;
}

/**
 * The offers of one search in one order through some filters: the first 30 from POST, then
 * load-more exactly as seed 000 §4 (previousResults stored, showMore/previousCount in the URL,
 * merged by id, the flags removed afterwards). The engine filters and sorts every offer found, so
 * each page follows the chosen filters and sort. While other filters or another sort are asked
 * for, the last answer stays on screen (`updating`).
 */
export function useSearchResults(
  search: ResultsSearch | null,
  sort: SortOption,
  filters: FilterState,
  bags: BagsWanted | null = null,
) {
  const [params, setParams] = useSearchParams();
  const filterKey = new URLSearchParams({ ...filterQuery(filters), ...bagsQuery(bags) }).toString();
  const searchKey = search ? `${resultsSearchParams(search).toString()}&sort=${sort}&${filterKey}` : '';
  const withBags = wantsBags(bags);
  // Without filters the arguments are the home page deals' own, which share their answers.
  const args = search && { search, sort, ...(filterKey && { filters }), ...(withBags && { bags }) };
  const first = useSearchFlightsQuery(args ?? skipToken);
  const [fetchPage] = useLazySearchFlightsPageQuery();
  const [extended, setExtended] = useState<Extended | null>(null);
  const loadMore = readLoadMore(params);
  const previousCount = loadMore?.previousCount ?? null;

  useEffect(() => {
    if (first.isSuccess && search) saveLastSearch(search);
  }, [first.isSuccess, search]);

  useEffect(() => {
    if (!search || previousCount === null) return;
    let current = true;
    const previous = loadPreviousResults(searchKey);
    fetchPage({ search, previousCount, sort, filters, ...(withBags && { bags }) }, true)
      .unwrap()
      .then((page) => {
        if (!current) return;
        const offers = mergeOffers(previous, page.offers ?? [], sort, withBags);
        const total = Math.max(page.total_count ?? 0, offers.length);
        setExtended({ searchKey, offers, total, hasMore: page.has_more === true, facets: page.facets });
      })
      .catch((error: unknown) => {
        if (current)
          toast({ title: 'Could not load more flights', description: errorMessage(error), variant: 'destructive' });
      })
      .finally(() => {
        if (!current) return;
        setParams((now) => withoutLoadMore(now), { replace: true });
      });
    return () => {
      current = false;
    };
    // The search is read through its key; a new object for the same search must not refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchKey, previousCount, fetchPage, setParams]);

  const own = extended?.searchKey === searchKey ? extended : null;
  // A refresh (the same arguments fetched again) shows the banner, its previews the last answer;
  // new filters or a new sort keep the last answer's list on screen until theirs comes.
  const answer = first.currentData ?? first.data;
  const isLoading = first.isFetching && !own && (first.currentData !== undefined || answer === undefined);
  const rawOffers = own?.offers ?? answer?.offers;
  const offers = useMemo(() => (rawOffers ?? []).filter(isDisplayableOffer), [rawOffers]);
  const lastOffers = first.data?.offers;
  const previews = useMemo(() => (lastOffers ?? []).filter(isDisplayableOffer), [lastOffers]);
  const total = own?.total ?? answer?.meta?.total ?? offers.length;
  // The engine reads the provider only as far as the pages shown: more may exist beyond `total`.
  const hasMore = own?.hasMore ?? answer?.meta?.has_more === true;
  const facets = own?.facets ?? answer?.facets ?? null;

  const requestLoadMore = useCallback(() => {
    savePreviousResults(searchKey, rawOffers ?? []);
    setParams((now) => withLoadMore(now, (rawOffers ?? []).length), { replace: true });
  }, [rawOffers, searchKey, setParams]);

  const backToFirstPage = useCallback(() => {
    clearPreviousResults();
    setExtended(null);
    setParams((now) => withoutLoadMore(now), { replace: true });
    window.scrollTo?.({ top: 0 });
  }, [setParams]);

  const refresh = useCallback(() => {
    clearPreviousResults();
    setExtended(null);
    void first.refetch();
  }, [first]);

  return {
    offers,
    total,
    hasMore,
    facets,
    hasData: rawOffers !== undefined,
    /** Other filters or another sort are on their way; the list shown is the last answer's. */
    updating: first.isFetching && !own && !isLoading,
    /** Offers already known while a search runs, shown as previews under the banner. */
    previews,
    isLoading,
    error: own ? undefined : first.error,
    isError: !own && first.isError && !first.isFetching,
    /** The URL carries the load-more flags exactly while the next page is on its way. */
    loadingMore: previousCount !== null,
    extendedCount: own ? own.offers.length : 0,
    requestLoadMore,
    backToFirstPage,
    refresh,
  };
}
