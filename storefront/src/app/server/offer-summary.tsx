import { isInternationalOffer } from '@contrail/shared/booking/international';
import { offerPrice } from '@contrail/shared/booking/offer-price';
import { minutesRemaining } from '@contrail/shared/flights/verify-offer';
import { readBagsParams } from '@contrail/shared/results/bags-params';
import type { PricingContext } from '@contrail/shared/pricing/price-offer';
import {
  backToSearchUrl,
  bookingUrl,
  readEmissionsMedian,
  readFromSearch,
  type PassengerQuery,
} from '@contrail/shared/results/search-links';
import { passengersSummary } from '@contrail/shared/search/passengers';
import type { ListedOffer, OfferSummaryContext, RenderOfferSummary } from '@contrail/shared/site/offer-slot';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { BookingFrame } from '../../booking/BookingFrame';
import { FlightSummaryCard } from '../../booking/FlightSummaryCard';
import { PassengerIntro } from '../../booking/PassengerIntro';
import { DetailsFrame, detailsPrice } from '../../flight/DetailsFrame';
import { OfferValidity } from '../../flight/OfferValidity';

/*
 * The top of an offer's details and booking pages as the app first renders them, from the same
 * components, for the engine's first HTML of an offer it listed (engine/src/http/storefront.ts):
 * the offer is in the page's first HTML (its largest text, Lighthouse's LCP) and looks the same
 * when the app replaces it. Only the offer's public facts and the address: nothing of a traveller's.
 * The build writes it as a server module (build/offer-summary-module.ts).
 */

/** Who travels in which cabin, as the page's address says (the search's cabin, when it carries one). */
function contextOf(counts: PassengerQuery, query: URLSearchParams, pricing: OfferSummaryContext['pricing']) {
  const travellers = counts.adults + counts.children + counts.infants;
  return { pricing, travellers, cabin: readFromSearch(query)?.cabinClass } satisfies PricingContext;
}

/** /flight/:id once the offer is checked valid: the bars, the title and the validity line. */
function FlightDetailsTop({
  listed: { offer, passengers },
  context,
}: {
  listed: ListedOffer;
  context: OfferSummaryContext;
}) {
  const { query, pricing, now } = context;
  const search = readFromSearch(query);
  const counts: PassengerQuery = search
    ? { adults: search.adultsCount, children: search.childrenCount, infants: search.infantsCount }
    : passengers;
  const bags = readBagsParams(query);
  const minutes = minutesRemaining(offer.expires_at, now);
  const result = {
    valid: true,
    message: '',
    error: null,
    offer_id: offer.id,
    expires_at: offer.expires_at,
    minutes_remaining: minutes,
  };
  return (
    <DetailsFrame
      offer={offer}
      price={detailsPrice(offer, contextOf(counts, query, pricing), bags)}
      travellers={passengersSummary(counts)}
      backUrl={backToSearchUrl(query, null)}
      book={bookingUrl(offer.id, counts, search, bags)}
      routeMedian={readEmissionsMedian(query)}
    >
      <OfferValidity result={result} validity="valid" />
    </DetailsFrame>
  );
}

/** /booking?offer=: the steps, the passenger step's heading (and passport note), the flight summary. */
function BookingTop({ listed: { offer, passengers }, context }: { listed: ListedOffer; context: OfferSummaryContext }) {
  const price = offerPrice(offer, contextOf(passengers, context.query, context.pricing));
  return (
    <BookingFrame step="passenger-info" summary={<FlightSummaryCard offer={offer} price={price} />}>
      <div className="grid gap-4">
        <PassengerIntro passportRequired={isInternationalOffer(offer)} />
      </div>
    </BookingFrame>
  );
}

export const renderOfferSummary: RenderOfferSummary = (listed, page, context) => {
  const location = page === 'flight' ? `/flight/${encodeURIComponent(listed.offer.id)}` : '/booking';
  return renderToStaticMarkup(
    <StaticRouter location={`${location}?${context.query.toString()}`}>
      {page === 'flight' ? (
        <FlightDetailsTop listed={listed} context={context} />
      ) : (
        <BookingTop listed={listed} context={context} />
      )}
    </StaticRouter>,
  );
};
