import { skipToken } from '@reduxjs/toolkit/query';
import type { FlightOffer } from '@contrail/shared/flights/offer';
import { mergeOffers, readLoadMore, withLoadMore, withoutLoadMore } from '@contrail/shared/results/load-more';
import { isDisplayableOffer } from '@contrail/shared/results/offer-facts';
import { resultsSearchParams, type ResultsSearch } from '@contrail/shared/results/results-params';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../app/api';
import { toast } from '../ui/use-toast';
import { clearPreviousResults, loadPreviousResults, saveLastSearch, savePreviousResults } from './local-store';
import { useLazySearchFlightsPageQuery, useSearchFlightsQuery } from './searchApi';

interface Extended {
  searchKey: string;
  offers: FlightOffer[];
  total: number;
}

/**
 * The offers of one search: the first 30 from POST, then load-more exactly as seed 000 §4
 * (previousResults stored, showMore/previousCount in the URL, merged by id and price, the flags
 * removed afterwards).
 */
export function useSearchResults(search: ResultsSearch | null) {
  const [params, setParams] = useSearchParams();
  const searchKey = search ? resultsSearchParams(search).toString() : '';
  const first = useSearchFlightsQuery(search ?? skipToken);
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
    fetchPage({ search, previousCount }, true)
      .unwrap()
      .then((page) => {
        if (!current) return;
        const offers = mergeOffers(previous, page.offers ?? []);
        setExtended({ searchKey, offers, total: Math.max(page.total_count ?? 0, offers.length) });
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
