import type { SearchOffer } from '@contrail/shared/flights/search-offer';
import type { PricingContext } from '@contrail/shared/pricing/price-offer';
import type { ResultsSearch } from '@contrail/shared/results/search-links';
import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import PlaneTakeoff from 'lucide-react/icons/plane-takeoff';
import SearchX from 'lucide-react/icons/search-x';
import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import type { ReactNode } from 'react';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Spinner } from '../ui/spinner';
import { FlightCard } from '../ui/FlightCard';
import { ModifySearchLink } from './ModifySearchLink';

export const LOADING_TEXT = 'Searching for the best flight deals. Results will appear in a few seconds...';

function StateCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="mx-auto flex max-w-xl flex-col items-center gap-3 px-6 py-10 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-subtle text-primary-text" aria-hidden>
        {icon}
      </span>
      <h2 className="text-xl font-bold">{title}</h2>
      {children}
    </Card>
  );
}

/**
 * Seed 000 §8: "Error Loading Flights", the message, and Try Again reloading the page; also New
 * Search (issue 20: a request that cannot succeed is not a dead end), filled with this search.
 */
export function ErrorState({
  message,
  onRetry,
  search,
}: {
  message: string | undefined;
  onRetry: () => void;
  search?: ResultsSearch | undefined;
}) {
  return (
    <div role="alert">
      <StateCard icon={<AlertTriangle className="h-6 w-6 text-destructive-text" />} title="Error Loading Flights">
        <p className="text-muted-foreground">{message || 'An unknown error occurred'}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button onClick={onRetry}>Try Again</Button>
          <ModifySearchLink search={search} variant="outline">
            New Search
          </ModifySearchLink>
        </div>
      </StateCard>
    </div>
  );
}

export function EmptyState({ search }: { search?: ResultsSearch | undefined }) {
  return (
    <StateCard icon={<SearchX className="h-6 w-6" />} title="No Flights Found">
      <p className="text-muted-foreground">Try adjusting your search criteria or filters</p>
      <ModifySearchLink search={search}>New Search</ModifySearchLink>
    </StateCard>
  );
}

export function NoMatchingState({ onReset }: { onReset: () => void }) {
  return (
    <StateCard icon={<SlidersHorizontal className="h-6 w-6" />} title="No Matching Flights">
      <p className="text-muted-foreground">Try adjusting your filters to see more results</p>
      <Button variant="outline" onClick={onReset}>
        Reset Filters
      </Button>
    </StateCard>
  );
}

export function SkeletonCard() {
  return (
    <Card className="flex animate-pulse flex-col gap-4 p-4 md:flex-row" aria-hidden data-testid="skeleton-card">
      <div className="flex flex-1 flex-col gap-3">
        <div className="flex items-center gap-3">
          <div className="h-8 w-8 rounded-md bg-muted" />
          <div className="h-4 w-32 rounded bg-muted" />
        </div>
        <div className="flex items-center gap-4">
          <div className="h-6 w-16 rounded bg-muted" />
          <div className="h-px flex-1 bg-muted" />
          <div className="h-6 w-16 rounded bg-muted" />
        </div>
      </div>
      <div className="flex flex-col items-center justify-center gap-2 md:w-44">
        <div className="h-7 w-24 rounded bg-muted" />
        <div className="h-10 w-full rounded bg-muted" />
      </div>
    </Card>
  );
}

const PREVIEW_COUNT = 3;

/** Seed 000 §4: the loading banner with up to 3 previews (offers already known) or skeletons. */
export function LoadingBanner({
  previews,
  detailsUrl,
  pricing,
}: {
  previews: SearchOffer[];
  detailsUrl: (id: string) => string;
  pricing: PricingContext;
}) {
  const shown = previews.slice(0, PREVIEW_COUNT);
  return (
    <div className="flex flex-col gap-4">
      <div
        role="status"
        className="flex items-center gap-3 rounded-xl border border-primary/30 bg-primary/5 px-4 py-3 text-sm font-medium"
      >
        <PlaneTakeoff className="h-5 w-5 shrink-0 text-primary-text" aria-hidden />
        <span className="flex-1">{LOADING_TEXT}</span>
        <Spinner className="h-5 w-5 text-primary-text" />
      </div>
      <div className="flex flex-col gap-4 opacity-70" aria-busy="true">
        {shown.length > 0
          ? shown.map((offer) => (
              <FlightCard key={offer.id} offer={offer} detailsUrl={detailsUrl(offer.id)} pricing={pricing} />
            ))
          : Array.from({ length: PREVIEW_COUNT }, (_, index) => <SkeletonCard key={index} />)}
      </div>
    </div>
  );
}
