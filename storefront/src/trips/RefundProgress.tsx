import { REFUND_STAGE_LABELS, REFUND_STAGES, type RefundProgress } from '@contrail/shared/booking/refund-progress';
import { formatDate } from '@contrail/shared/results/format';
import Check from 'lucide-react/icons/check';
import { cn } from '../ui/cn';

/** When each stage was reached, if it was. */
const reachedAt = (progress: RefundProgress) => ({
  requested: progress.requestedAt,
  with_airline: progress.airlinePaidAt,
  paid: progress.paidAt,
});

/**
 * Issue 36: where a refund stands (requested, with the airline, paid), as steps, and the date we
 * promised it by once the airline paid.
 */
export function RefundProgressLine({ progress }: { progress: RefundProgress }) {
  const current = REFUND_STAGES.indexOf(progress.stage);
  const dates = reachedAt(progress);
  return (
    <div className="grid gap-2">
      <ol aria-label="Refund progress" className="grid grid-cols-3 gap-2">
        {REFUND_STAGES.map((stage, index) => {
          const done = index <= current;
          const at = dates[stage];
          return (
            <li
              key={stage}
              aria-current={index === current ? 'step' : undefined}
              className={cn(
                'rounded-md border px-2 py-1.5 text-xs',
                done ? 'border-primary bg-primary/10 font-semibold' : 'border-border text-muted-foreground',
              )}
            >
              <span className="flex items-center gap-1">
                {done && <Check className="h-3.5 w-3.5 shrink-0" aria-hidden />}
                {REFUND_STAGE_LABELS[stage]}
                {!done && <span className="sr-only"> (not yet)</span>}
              </span>
              {at && <span className="block font-normal">{formatDate(at)}</span>}
            </li>
          );
        })}
      </ol>
      {progress.stage !== 'paid' && progress.promisedBy && (
        <p className="font-semibold">Promised by {formatDate(progress.promisedBy)}</p>
      )}
    </div>
  );
}
