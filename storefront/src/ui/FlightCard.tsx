import type { SearchOffer, SearchSlice } from '@contrail/shared/flights/search-offer';
import { isOutAndBack, sliceLabel } from '@contrail/shared/flights/slice-label';
import { pricePerPerson } from '@contrail/shared/booking/offer-price';
import { customerAmount, type PricingContext } from '@contrail/shared/pricing/price-offer';
import { priceWithBags } from '@contrail/shared/pricing/bags-price';
import { BAG_KIND_LABELS } from '@contrail/shared/pricing/bags';
import { fromMinorUnits } from '@contrail/shared/booking/money';
import {
  formatDate,
  formatDisplayPrice,
  formatPrice,
  formatDuration,
  formatMinutes,
  formatTime,
} from '@contrail/shared/results/format';
import {
  sliceArrival,
  sliceCarriers,
  sliceDeparture,
  sliceDurationMinutes,
} from '@contrail/shared/results/offer-facts';
import { sliceLayovers } from '@contrail/shared/results/layovers';
import { stopsLabel } from '@contrail/shared/results/stops';
import Plane from 'lucide-react/icons/plane';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from './button';
import { Card } from './card';
import { DayOffset } from './DayOffset';
import { CarrierLogo } from './CarrierLogo';

function SliceRow({ slice, label }: { slice: SearchSlice; label: string }) {
  const carriers = sliceCarriers(slice);
  const departure = sliceDeparture(slice);
  const arrival = sliceArrival(slice);
  const layovers = sliceLayovers(slice);
  const duration = slice.duration ? formatDuration(slice.duration) : formatMinutes(sliceDurationMinutes(slice));
  return (
    <div className="grid gap-3 sm:grid-cols-[12rem_1fr] sm:items-center">
      <div className="flex min-w-0 items-center gap-2">
        <div className="flex -space-x-2">
          {carriers.map((carrier) => (
            <CarrierLogo key={carrier.code ?? carrier.name} {...carrier} />
          ))}
        </div>
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</p>
          {/* Whole names, wrapping (issue 33: "American Airlines,..." hid the partner). */}
          <p className="text-sm leading-tight font-medium">{carriers.map((carrier) => carrier.name).join(', ')}</p>
        </div>
      </div>
      <div className="grid grid-cols-[auto_1fr_auto] items-center gap-3">
        <div>
          <p className="text-lg font-bold tabular-nums">{formatTime(departure)}</p>
          <p className="text-sm font-medium">{slice.origin?.iata_code}</p>
          <p className="text-xs text-muted-foreground">{formatDate(departure)}</p>
        </div>
        <div className="flex min-w-0 flex-col items-center text-center">
          <p className="text-xs text-muted-foreground">{duration}</p>
          <div className="relative my-1 h-px w-full bg-border" aria-hidden>
            <Plane className="absolute top-1/2 right-0 h-3.5 w-3.5 -translate-y-1/2 text-primary-text" />
          </div>
          <p
            className={
              slice.segments.length === 1 ? 'text-xs font-medium text-[#2f7a0e]' : 'text-xs font-medium text-foreground'
            }
          >
            {stopsLabel(slice.segments.length)}
          </p>
          {layovers.length > 0 && (
            <p className="truncate text-xs text-muted-foreground">
              via {layovers.map((layover) => layover.airport.iata_code).join(', ')}
            </p>
          )}
        </div>
        <div className="text-right">
          <p className="text-lg font-bold tabular-nums">
            {formatTime(arrival)}
            <DayOffset from={departure} to={arrival} />
          </p>
          <p className="text-sm font-medium">{slice.destination?.iata_code}</p>
          <p className="text-xs text-muted-foreground">{formatDate(arrival)}</p>
        </div>
      </div>
    </div>
  );
}

/** The card's price: the brand's price, with the traveller's bags when they bring some (issue 35). */
function shownPrice(offer: SearchOffer, pricing: PricingContext) {
  const priced = pricing.bags ? priceWithBags(offer, pricing) : null;
  if (!priced) return { price: formatDisplayPrice(offer, pricing), amount: customerAmount(offer, pricing), bags: null };
  const amount = fromMinorUnits(priced.amount, priced.currency);
  return { price: formatPrice(amount, offer.total_currency), amount, bags: priced.bags };
}

interface FlightCardProps {
  offer: SearchOffer;
  detailsUrl: string;
  /** The brand's pricing and who travels: above one traveller, each one's share shows beside the total. */
  pricing: PricingContext;
  /** Shown under the flights (the results page's connection warnings). */
  notes?: ReactNode;
  /** Shown under the price (the results page's emissions). */
  badges?: ReactNode;
}

/** One offer: each slice's carriers, times, duration, stops and layovers, the price and the way in. */
export const FlightCard = memo(function FlightCard({ offer, detailsUrl, pricing, notes, badges }: FlightCardProps) {
  const { price, amount, bags } = shownPrice(offer, pricing);
  const { travellers } = pricing;
  const perPerson = travellers > 1 ? formatPrice(pricePerPerson(amount, travellers), offer.total_currency) : null;
  const cannotCarry = bags && !bags.carried ? BAG_KIND_LABELS[bags.kind].many : null;
  const legs = offer.slices.map((slice) => `${slice.origin?.iata_code ?? ''} to ${slice.destination?.iata_code ?? ''}`);
  // A return names its way out; a multi-city card names every flight.
  const route = isOutAndBack(offer.slices) ? (legs[0] ?? ' to ') : legs.join(', ');
  return (
    <Card
      className="flex flex-col overflow-hidden md:flex-row"
      aria-label={`${offer.owner?.name ?? 'Flight'} ${route}, ${price}`}
      role="article"
    >
      {/* Centred: a one-way card's single row sits level with the price column, not above an empty half. */}
      <div className="flex flex-1 flex-col justify-center gap-4 p-4">
        {offer.slices.map((slice, index) => (
          <SliceRow key={slice.id ?? index} slice={slice} label={sliceLabel(offer.slices, index)} />
        ))}
        {notes}
      </div>
      <div className="flex items-center justify-between gap-3 border-t border-border bg-subtle/60 p-4 md:w-52 md:flex-col md:items-stretch md:justify-center md:border-t-0 md:border-l">
        <div className="md:text-center">
          <p className="text-2xl font-bold tabular-nums">{price}</p>
          <p className="text-xs text-muted-foreground">
            {cannotCarry ? 'total without bags' : bags ? 'total with your bags' : 'total price'}
          </p>
          {cannotCarry && (
            <p className="text-xs font-semibold text-destructive-text">This fare cannot carry your {cannotCarry}</p>
          )}
          {perPerson && <p className="text-xs font-medium text-foreground">{perPerson} per person</p>}
          {offer.conditions?.refundable === true && (
            <span className="mt-1 inline-block rounded-full bg-success/15 px-2 py-0.5 text-xs font-semibold text-[#2f7a0e]">
              Refundable
            </span>
          )}
          {badges}
        </div>
        <Link to={detailsUrl} className={buttonClass('primary', 'md')} aria-label={`View details, ${route}, ${price}`}>
          View Details
        </Link>
      </div>
    </Card>
  );
});
