import { skipToken } from '@reduxjs/toolkit/query';
import type { SearchOffer } from '@contrail/shared/flights/search-offer';
import { mergeOffers, readLoadMore, withLoadMore, withoutLoadMore } from '@contrail/shared/results/load-more';
import { isDisplayableOffer } from '@contrail/shared/results/offer-facts';
import { resultsSearchParams, type ResultsSearch } from '@contrail/shared/results/results-params';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
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
}

/**
 * The offers of one search in one order: the first 30 from POST, then load-more exactly as seed
 * 000 §4 (previousResults stored, showMore/previousCount in the URL, merged by id, the flags
 * removed afterwards). The engine sorts every offer found, so each page follows the chosen sort.
 */
export function useSearchResults(search: ResultsSearch | null, sort: SortOption) {
  const [params, setParams] = useSearchParams();
  const searchKey = search ? `${resultsSearchParams(search).toString()}&sort=${sort}` : '';
  const first = useSearchFlightsQuery(search ? { search, sort } : skipToken);
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
    fetchPage({ search, previousCount, sort }, true)
      .unwrap()
      .then((page) => {
        if (!current) return;
        const offers = mergeOffers(previous, page.offers ?? [], sort);
        const total = Math.max(page.total_count ?? 0, offers.length);
        setExtended({ searchKey, offers, total, hasMore: page.has_more === true });
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
  const rawOffers = own?.offers ?? first.currentData?.offers;
  const offers = useMemo(() => (rawOffers ?? []).filter(isDisplayableOffer), [rawOffers]);
  const lastOffers = first.data?.offers;
  const previews = useMemo(() => (lastOffers ?? []).filter(isDisplayableOffer), [lastOffers]);
  const total = own?.total ?? first.currentData?.meta?.total ?? offers.length;
  // The engine reads the provider only as far as the pages shown: more may exist beyond `total`.
  const hasMore = own?.hasMore ?? first.currentData?.meta?.has_more === true;

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
    hasData: rawOffers !== undefined,
    /** Offers already known while a search runs, shown as previews under the banner. */
    previews,
    isLoading: first.isFetching && !own,
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
