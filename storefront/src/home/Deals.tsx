import { readResultsSearch } from '@contrail/shared/results/search-links';
import { DEFAULT_SORT } from '@contrail/shared/results/sort';
import { dealExpiryHours, isFeaturedDeal } from '@contrail/shared/search/deals';
import { dealSearchUrl } from '@contrail/shared/search/search-params';
import { skipToken } from '@reduxjs/toolkit/query';
import ArrowRight from 'lucide-react/icons/arrow-right';
import CalendarDays from 'lucide-react/icons/calendar-days';
import Clock from 'lucide-react/icons/clock';
import Plane from 'lucide-react/icons/plane';
import { useState } from 'react';
import { useBrand } from '../brand/brand-context';
import { useSearchFlightsQuery } from '../results/searchApi';
import { cn } from '../ui/cn';
import { useNearViewport } from '../ui/use-near-viewport';
import { dealOffer } from './deal-offer';
import { DEALS, dealDates, type Deal } from './deals-data';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

interface DealCardProps {
  deal: Deal;
  featured: boolean;
  expiryHours: number;
  /** Whether to ask for its fare now (the section is near the viewport). */
  load: boolean;
}

/**
 * One deal: its route and round-trip dates, and the price, airline and stops of the cheapest offer
 * of the very search the card opens (so the results keep the card's promise).
 */
function DealCard({ deal, featured, expiryHours, load }: DealCardProps) {
  const { brand } = useBrand();
  const { departureDate, returnDate, range } = dealDates(deal);
  const href = dealSearchUrl({
    originCode: deal.originCode,
    destinationCode: deal.destinationCode,
    departureDate,
    returnDate,
  });
  const search = readResultsSearch(new URLSearchParams(href.slice(href.indexOf('?') + 1)))!;
  // The same query (and cache entry) as the results page this card opens, in its default order.
  const query = useSearchFlightsQuery(load ? { search, sort: DEFAULT_SORT } : skipToken);
  const { data } = query;
  const isLoading = query.isLoading || !load;
  const offer = data
    ? dealOffer(data.offers, {
        pricing: brand.pricing,
        travellers: search.adultsCount + search.childrenCount + search.infantsCount,
        cabin: search.cabinClass,
      })
    : undefined;
  return (
    <a
      href={href}
      className={cn(
        'flex h-full flex-col rounded-xl border bg-background p-5 shadow-sm transition hover:shadow-lg',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
        featured ? 'border-primary' : 'border-border',
      )}
      aria-busy={isLoading}
    >
      <span className="flex items-center justify-between gap-2">
        {offer ? (
          <span className="rounded-full bg-destructive-surface px-2 py-0.5 text-xs font-bold text-destructive-foreground">
            {offer.prices.discount}% OFF
          </span>
        ) : (
          <span />
        )}
        {featured && (
          <span className="rounded-full bg-accent-surface px-2 py-0.5 text-xs font-bold text-accent-foreground">
            Featured
          </span>
        )}
      </span>
      <span className="mt-4 flex items-center gap-2 text-lg font-bold">
        {deal.originCode} <Plane className="h-4 w-4 text-primary-text" aria-label="to" /> {deal.destinationCode}
      </span>
      <span className="text-sm text-muted-foreground">
        {deal.origin} to {deal.destination}
      </span>
      <span className="mt-2 min-h-5 text-sm">
        {offer ? offer.airline : isLoading && <span className="block h-4 w-32 animate-pulse rounded bg-muted" />}
      </span>
      <span className="mt-1 flex items-center gap-1 text-sm text-muted-foreground">
        <CalendarDays className="h-4 w-4" aria-hidden /> {range} · Round trip
      </span>
      <span className="mt-3 flex flex-wrap gap-1">
        {[...(offer ? [offer.stops] : []), ...deal.tags].map((tag) => (
          <span key={tag} className="rounded bg-muted px-2 py-0.5 text-xs">
            {tag}
          </span>
        ))}
      </span>
      <span className="mt-auto pt-4">
        {offer ? (
          <>
            <span className="flex items-baseline gap-2">
              <span className="text-2xl font-bold text-primary-text">{usd.format(offer.prices.price)}</span>
              <span className="text-sm text-muted-foreground line-through">
                <span className="sr-only">was </span>
                {usd.format(offer.prices.originalPrice)}
              </span>
            </span>
            <span className="block text-sm font-medium text-foreground">Save {usd.format(offer.prices.savings)}</span>
          </>
        ) : isLoading ? (
          <span className="block h-8 w-24 animate-pulse rounded bg-muted" aria-label="Loading the fare" />
        ) : (
          <span className="block text-sm font-medium text-foreground">See today&apos;s fares</span>
        )}
        <span className="mt-2 flex items-center justify-between text-xs text-muted-foreground">
          <span className="flex items-center gap-1">
            {offer && (
              <>
                <Clock className="h-3.5 w-3.5" aria-hidden /> Expires in {expiryHours} hours
              </>
            )}
          </span>
          <span className="flex items-center gap-1 font-semibold text-primary-text">
            View deal <ArrowRight className="h-3.5 w-3.5" aria-hidden />
          </span>
        </span>
      </span>
    </a>
  );
}

/** Four featured deals; each opens /search by a full page load (seed 000 §2). */
export function Deals() {
  // Seed 000 §9: each card shows a random expiry of 2 to 7 hours, drawn once per visit.
  const [expiries] = useState(() => DEALS.map(() => dealExpiryHours()));
  // Four searches, and reading their answers, wait until the section is near: not on the first screen.
  const [section, setSection] = useState<HTMLElement | null>(null);
  const load = useNearViewport(section);
  return (
    <section ref={setSection} aria-labelledby="deals-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <h2 id="deals-title" className="text-2xl font-bold sm:text-3xl">
        Featured flight deals
      </h2>
      <p className="mt-2 text-muted-foreground">Today&apos;s lowest round-trip fares on popular routes.</p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {DEALS.map((deal, index) => (
          <li key={`${deal.originCode}-${deal.destinationCode}`}>
            <DealCard deal={deal} featured={isFeaturedDeal(index)} expiryHours={expiries[index]!} load={load} />
          </li>
        ))}
      </ul>
    </section>
  );
}
