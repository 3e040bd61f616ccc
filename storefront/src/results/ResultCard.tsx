import type { SearchOffer } from '@contrail/shared/flights/search-offer';
import type { PricingContext } from '@contrail/shared/pricing/price-offer';
import { memo } from 'react';
import { FlightCard } from '../ui/FlightCard';
import { ConnectionWarnings } from './ConnectionWarnings';
import { EmissionsBadge } from '../ui/EmissionsBadge';

interface ResultCardProps {
  offer: SearchOffer;
  detailsUrl: string;
  /** The brand's pricing and who travels. */
  pricing: PricingContext;
  /** kg CO2e per passenger of the route's median offer, which the badge compares against. */
  routeEmissionsMedian: number | null;
}

/** A result: the flight card with its connection warnings and its emissions. */
export const ResultCard = memo(function ResultCard({ offer, routeEmissionsMedian, ...card }: ResultCardProps) {
  return (
    <FlightCard
      offer={offer}
      {...card}
      notes={<ConnectionWarnings offer={offer} />}
      badges={<EmissionsBadge offer={offer} routeMedian={routeEmissionsMedian} className="mt-1 md:justify-center" />}
    />
  );
});
