import { cabinNotSold } from '@contrail/shared/results/cabins-sold';
import { CABIN_LABELS, type CabinClass } from '@contrail/shared/search/cabin';
import Info from 'lucide-react/icons/info';

/**
 * Issue 33: a search for a cabin nobody sells on the route (First where no airline flies one)
 * says so above the offers, which are in the best cabin that is sold.
 */
export function CabinNotice({ wanted, sold }: { wanted: CabinClass; sold: readonly CabinClass[] }) {
  const best = cabinNotSold(wanted, sold);
  if (!best) return null;
  return (
    <p className="flex items-start gap-2 rounded-xl border border-border bg-subtle p-3 text-sm text-foreground">
      <Info className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
      <span>
        No airline sells {CABIN_LABELS[wanted]} on this route. These flights are in the best cabin sold:{' '}
        {CABIN_LABELS[best]}.
      </span>
    </p>
  );
}
