import type { SearchOffer } from '@contrail/shared/flights/search-offer';
import {
  EMISSIONS_LEVEL_LABELS,
  emissionsDifference,
  emissionsLevel,
  emissionsPerPassengerKg,
  type EmissionsLevel,
} from '@contrail/shared/results/emissions';
import Leaf from 'lucide-react/icons/leaf';
import { cn } from './cn';

const LEVEL_CLASS: Record<EmissionsLevel, string> = {
  lower: 'bg-success/15 text-[#2f7a0e]',
  typical: 'bg-muted text-foreground',
  higher: 'bg-[#fdecea] text-[#a4262c]',
};

/** kg CO2e per passenger, with a lower / typical / higher badge against the route's median when known. */
export function EmissionsBadge({
  offer,
  routeMedian,
  className,
}: {
  offer: SearchOffer;
  routeMedian: number | null;
  className?: string;
}) {
  const kg = emissionsPerPassengerKg(offer);
  if (kg === null) return null;
  const level = routeMedian ? emissionsLevel(kg, routeMedian) : null;
  return (
    <div className={cn('flex flex-wrap items-center gap-1 text-xs', className)}>
      <span className="inline-flex items-center gap-1 text-muted-foreground">
        <Leaf className="h-3.5 w-3.5" aria-hidden />
        {kg} kg CO2e per passenger
      </span>
      {level && routeMedian && (
        <span
          className={cn('rounded-full px-2 py-0.5 font-semibold', LEVEL_CLASS[level])}
          title={emissionsDifference(kg, routeMedian)}
        >
          {EMISSIONS_LEVEL_LABELS[level]}
          <span className="sr-only">, {emissionsDifference(kg, routeMedian)}</span>
        </span>
      )}
    </div>
  );
}
