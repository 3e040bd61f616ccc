import { fromMinorUnits } from '@contrail/shared/booking/money';
import type { SearchOffer } from '@contrail/shared/flights/search-offer';
import { priceWithBags } from '@contrail/shared/pricing/bags-price';
import { wantsBags, type BagsWanted } from '@contrail/shared/pricing/bags';
import type { PricingContext } from '@contrail/shared/pricing/price-offer';
import { isOutAndBack, multiCityRoute } from '@contrail/shared/flights/slice-label';
import { formatDate, formatDisplayPrice, formatPrice } from '@contrail/shared/results/format';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../ui/button';
import { cn } from '../ui/cn';
import { EmissionsBadge } from '../ui/EmissionsBadge';

function BackLink({ to, className }: { to: string; className?: string }) {
  return (
    <Link to={to} className={buttonClass('ghost', 'sm', cn('-ml-2', className))}>
      <ArrowLeft className="h-4 w-4" aria-hidden />
      Back to results
    </Link>
  );
}

/** Where the traveller books: a link once the offer is known valid, else a disabled button. */
export function BookLink({ to, label, className }: { to: string | null; label: string; className?: string }) {
  return to ? (
    <Link to={to} className={buttonClass('primary', 'lg', className)}>
      {label}
    </Link>
  ) : (
    <button type="button" disabled className={buttonClass('primary', 'lg', className)}>
      {label}
    </button>
  );
}

/** The offer's price, with the bags the results were priced with when this fare can carry them (issue 35). */
export function detailsPrice(offer: SearchOffer, context: PricingContext, bags: BagsWanted) {
  const priced = wantsBags(bags) ? priceWithBags(offer, { ...context, bags }) : null;
  if (priced?.bags?.carried) {
    return {
      price: formatPrice(fromMinorUnits(priced.amount, priced.currency), priced.currency),
      priceLabel: 'Total with your bags',
    };
  }
  return { price: formatDisplayPrice(offer, context), priceLabel: 'Total price' };
}

export interface DetailsFrameProps {
  offer: SearchOffer;
  price: { price: string; priceLabel: string };
  travellers: string;
  backUrl: string;
  /** The booking page's address, or null while booking is closed. */
  book: string | null;
  routeMedian: number | null;
  /** The page below its title: validity, tabs and the rest. */
  children: ReactNode;
}

/**
 * /flight/:id's frame: the sticky bar (wide screens), the title, the price bar (phones), around the
 * page's body. The engine's first HTML for a listed offer renders it too (app/server/offer-summary.tsx).
 */
export function DetailsFrame({ offer, price, travellers, backUrl, book, routeMedian, children }: DetailsFrameProps) {
  const first = offer.slices[0]!;
  const roundTrip = offer.slices.length > 1;
  const multiCity = !isOutAndBack(offer.slices);
  return (
    <div className="pb-28 md:pb-10">
      <div className="sticky top-16 z-30 hidden border-b border-border bg-background/95 backdrop-blur md:block">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-6 py-3">
          <div className="flex min-w-0 items-center gap-4">
            <BackLink to={backUrl} />
            <p className="truncate font-semibold">
              {multiCity
                ? multiCityRoute(offer.slices)
                : `${first.origin?.iata_code} ${roundTrip ? '⇄' : '→'} ${first.destination?.iata_code}`}
              <span className="ml-2 font-normal text-muted-foreground">
                {formatDate(first.segments[0]?.departing_at)}
              </span>
            </p>
          </div>
          <div className="flex items-center gap-4">
            <div className="text-right">
              <p className="text-xs text-muted-foreground">
                {price.priceLabel} · {travellers}
              </p>
              <p className="text-2xl font-bold tabular-nums">{price.price}</p>
            </div>
            <BookLink to={book} label="Book This Flight" />
          </div>
        </div>
      </div>

      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6">
        <BackLink to={backUrl} className="self-start md:hidden" />
        <header className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold sm:text-3xl">
            {multiCity
              ? multiCityRoute(offer.slices, 'to')
              : `${first.origin?.city_name ?? first.origin?.iata_code} to ${first.destination?.city_name ?? first.destination?.iata_code}`}
          </h1>
          <p className="text-muted-foreground">
            {multiCity ? 'Multi-city' : roundTrip ? 'Round trip' : 'One way'} · {offer.owner?.name} · {travellers}
            {offer.conditions?.refundable === true && (
              <span className="ml-2 rounded-full bg-success/15 px-2 py-0.5 text-xs font-semibold text-[#2f7a0e]">
                Refundable
              </span>
            )}
          </p>
          <EmissionsBadge offer={offer} routeMedian={routeMedian} />
        </header>
        {children}
      </div>

      <div className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-background/95 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur md:hidden">
        <div className="flex items-center justify-between gap-3 px-4 py-3">
          <div>
            <p className="text-xs text-muted-foreground">{price.priceLabel}</p>
            <p className="text-xl font-bold tabular-nums">{price.price}</p>
          </div>
          <BookLink to={book} label="Book Now" />
        </div>
      </div>
    </div>
  );
}
