import type { FlightOffer } from '@contrail/shared/flights/offer';
import { readBagsParams } from '@contrail/shared/results/bags-params';
import { fullOfferContext } from '@contrail/shared/pricing/offer-trip';
import { wantsBags } from '@contrail/shared/pricing/bags';
import type { PricingContext } from '@contrail/shared/pricing/price-offer';
import {
  backToSearchUrl,
  bookingUrl,
  readEmissionsMedian,
  readFromSearch,
  type PassengerQuery,
} from '@contrail/shared/results/search-links';
import { passengersSummary } from '@contrail/shared/search/passengers';
import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import * as Tabs from 'radix-ui/tabs';
import { lazy, Suspense, useMemo } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../app/api-error';
import { VALIDITY_REUSE_SECONDS } from '../app/first-data';
import { PageLoading } from '../app/PageLoading';
import { useBrand } from '../brand/brand-context';
import { loadLastSearch } from '../app/local-store';
import { buttonClass } from '../ui/button';
import { Card } from '../ui/card';
import { cn } from '../ui/cn';
import { BookLink, DetailsFrame, detailsPrice } from './DetailsFrame';
import { FareRules } from './FareRules';
import { FlightItinerary } from './FlightItinerary';
import { useFlightOfferQuery, useVerifyOfferQuery } from './flightApi';
import { expiredResult, OfferValidity, validityOf } from './OfferValidity';
import { SeatMaps } from './SeatMaps';
import { useOfferExpiry } from './use-offer-expiry';

/** Counts for the booking link: the carried-over search's, else the offer's own passengers. */
function passengerCounts(params: URLSearchParams, offer: FlightOffer | undefined): PassengerQuery {
  const search = readFromSearch(params);
  if (search) return { adults: search.adultsCount, children: search.childrenCount, infants: search.infantsCount };
  const types = (offer?.passengers ?? []).map((passenger) => passenger.type);
  const adults = types.filter((type) => type === 'adult' || type === null).length;
  return {
    adults: Math.max(1, adults),
    children: types.filter((type) => type === 'child').length,
    infants: types.filter((type) => type === 'infant_without_seat').length,
  };
}

const tabClass = cn(
  'flex-1 rounded-md px-3 py-2 text-sm font-semibold whitespace-nowrap transition-colors sm:flex-none sm:px-4',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
  'data-[state=active]:bg-primary-surface data-[state=active]:text-primary-foreground data-[state=inactive]:hover:bg-subtle',
);

/** /flight/:id (seed 000 §2): the offer, its fare rules and seat maps, validity, and the way to book. */
// Below the fold, with its own request: the fare brands of the same flights load in a chunk of their own.
const FareBrands = lazy(() => import('./FareBrands').then((module) => ({ default: module.FareBrands })));

/** The pricing context with the bags the details link carries, if any. */
function withBags(context: PricingContext, params: URLSearchParams): PricingContext {
  const bags = readBagsParams(params);
  return wantsBags(bags) ? { ...context, bags } : context;
}

export function FlightDetailsPage() {
  const { id } = useParams();
  if (!id) return <Navigate to="/search" replace />;
  return <FlightDetails key={id} id={id} />;
}

function FlightDetails({ id }: { id: string }) {
  const [params] = useSearchParams();
  const { brand } = useBrand();
  const offerQuery = useFlightOfferQuery(id);
  const verify = useVerifyOfferQuery(id, { refetchOnMountOrArgChange: VALIDITY_REUSE_SECONDS });
  const query = params.toString();
  const backUrl = useMemo(() => backToSearchUrl(new URLSearchParams(query), loadLastSearch()), [query]);
  const offer = offerQuery.data;
  const counts = passengerCounts(params, offer);
  const expiredByClock = useOfferExpiry(verify.data?.valid ? verify.data.expires_at : null);
  const validity = expiredByClock ? 'expired' : validityOf(verify.data, verify.isFetching);
  const shownResult = expiredByClock ? expiredResult(verify.data) : verify.data;
  // Issue 33: booking opens only on an offer known to be valid now.
  const canBook = validity === 'valid';

  if (offerQuery.isLoading) return <PageLoading label="Loading flight details..." />;
  if (offerQuery.isError || !offer || !offer.slices?.length) {
    const message = offerQuery.isError ? errorMessage(offerQuery.error, '') : 'No offer details available';
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <Card role="alert" className="flex flex-col items-center gap-3 px-6 py-10 text-center">
          <AlertTriangle className="h-8 w-8 text-destructive-text" aria-hidden />
          <h1 className="text-xl font-bold">Error Loading Flight Details</h1>
          <p className="text-muted-foreground">{message || 'Unable to load flight details. Please try again.'}</p>
          <Link to={backUrl} className={buttonClass('primary')}>
            Back to Search
          </Link>
        </Card>
      </div>
    );
  }

  const { price, priceLabel } = detailsPrice(offer, fullOfferContext(offer, brand.pricing), readBagsParams(params));
  // The bags the results were priced with go on to checkout, which pre-selects them (issue 35).
  const carriedSearch = readFromSearch(params);
  const book = bookingUrl(offer.id, counts, carriedSearch ?? loadLastSearch(), readBagsParams(params));
  const travellers = passengersSummary(counts);

  return (
    <DetailsFrame
      offer={offer}
      price={{ price, priceLabel }}
      travellers={travellers}
      backUrl={backUrl}
      book={canBook ? book : null}
      routeMedian={readEmissionsMedian(params)}
    >
      <OfferValidity result={shownResult} validity={validity} />

      <Tabs.Root defaultValue="details" className="flex flex-col gap-4">
        <Tabs.List
          aria-label="Flight information"
          className="flex gap-1 overflow-x-auto rounded-lg border border-border bg-background p-1"
        >
          <Tabs.Trigger value="details" className={tabClass}>
            Flight Details
          </Tabs.Trigger>
          <Tabs.Trigger value="fare" className={tabClass}>
            Fare Rules
          </Tabs.Trigger>
          <Tabs.Trigger value="seats" className={tabClass}>
            Seat Maps
          </Tabs.Trigger>
        </Tabs.List>
        <Card className="p-4 sm:p-6">
          <Tabs.Content value="details" className="outline-none focus-visible:outline-2 focus-visible:outline-primary">
            <FlightItinerary offer={offer} />
          </Tabs.Content>
          <Tabs.Content value="fare" className="outline-none focus-visible:outline-2 focus-visible:outline-primary">
            <FareRules offer={offer} brand={brand} />
          </Tabs.Content>
          <Tabs.Content value="seats" className="outline-none focus-visible:outline-2 focus-visible:outline-primary">
            <SeatMaps offer={offer} />
          </Tabs.Content>
        </Card>
      </Tabs.Root>

      {carriedSearch && (
        <Suspense fallback={null}>
          <FareBrands
            offer={offer}
            search={carriedSearch}
            pricing={withBags(fullOfferContext(offer, brand.pricing), params)}
          />
        </Suspense>
      )}

      <div className="hidden justify-end md:flex">
        <BookLink to={canBook ? book : null} label="Book This Flight" />
      </div>
    </DetailsFrame>
  );
}
