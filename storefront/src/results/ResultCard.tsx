import type { SearchOffer } from '@contrail/shared/flights/search-offer';
import type { PricingContext } from '@contrail/shared/pricing/price-offer';
import { memo } from 'react';
import { FlightCard } from '../ui/FlightCard';
import { ConnectionWarnings } from './ConnectionWarnings';
import { OtherAirports } from './OtherAirports';
import { EmissionsBadge } from '../ui/EmissionsBadge';

interface ResultCardProps {
  offer: SearchOffer;
  detailsUrl: string;
  /** The brand's pricing and who travels. */
  pricing: PricingContext;
  /** kg CO2e per passenger of the route's median offer, which the badge compares against. */
  routeEmissionsMedian: number | null;
  /** The origin and destination typed (an airport's or a city's code): the card names any other it uses. */
  typedOrigin: string;
  typedDestination: string;
}

/** A result: the flight card with the airports it uses if not those typed, its connection warnings and its emissions. */
export const ResultCard = memo(function ResultCard({
  offer,
  routeEmissionsMedian,
  typedOrigin,
  typedDestination,
  ...card
}: ResultCardProps) {
  return (
    <FlightCard
      offer={offer}
      {...card}
      notes={
        <>
          <OtherAirports offer={offer} typed={{ origin: typedOrigin, destination: typedDestination }} />
          <ConnectionWarnings offer={offer} />
        </>
      }
      badges={<EmissionsBadge offer={offer} routeMedian={routeEmissionsMedian} className="mt-1 md:justify-center" />}
    />
  );
});
