import { scheduleChangeLabels as labels, type ScheduleChangeView } from '@contrail/shared/booking/schedule-change';
import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import { useId, useState } from 'react';
import { errorMessage } from '../app/api-error';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { ChangedTimes } from '../ui/ChangedTimes';
import {
  useAcceptScheduleChangeMutation,
  useCancelForScheduleChangeMutation,
  useScheduleChangesQuery,
} from './scheduleChangesApi';

function ChangeNotice({ change, onAnswered }: { change: ScheduleChangeView; onAnswered: (message: string) => void }) {
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const [accept, accepted] = useAcceptScheduleChangeMutation();
  const [cancel, cancelled] = useCancelForScheduleChangeMutation();
  const busy = accepted.isLoading || cancelled.isLoading;
  const failure = accepted.error ?? cancelled.error;
  const answer = { bookingId: change.bookingId, changeId: change.changeId };
  return (
    <Card role="region" aria-labelledby={titleId} className="grid gap-3 border-warning p-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="inline-flex items-center gap-1 rounded-full bg-warning/20 px-2.5 py-0.5 text-xs font-semibold text-[#8a5a00]">
          <AlertTriangle className="h-3.5 w-3.5" aria-hidden /> {labels.actionNeeded}
        </span>
        <h2 id={titleId} className="text-lg font-bold">
          {labels.title}
        </h2>
      </div>
      {change.reference && (
        <p className="text-sm text-muted-foreground">
          Ref <span className="font-mono font-semibold text-foreground">{change.reference}</span>
        </p>
      )}
      <ChangedTimes change={change} />
      {confirming && <p className="text-sm">{labels.fullRefund}</p>}
      {failure && (
        <p role="alert" className="text-sm text-destructive-text">
          {errorMessage(failure, 'That did not work. Please try again.')}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={busy}
          onClick={() => void accept(answer).then((done) => done.data && onAnswered(labels.accepted))}
        >
          {labels.accept}
        </Button>
        {confirming ? (
          <Button
            variant="destructive"
            disabled={busy}
            onClick={() => void cancel(answer).then((done) => done.data && onAnswered(labels.cancelling))}
          >
            Confirm cancellation
          </Button>
        ) : (
          <Button variant="outline" disabled={busy} onClick={() => setConfirming(true)}>
            {labels.cancel}
          </Button>
        )}
      </div>
    </Card>
  );
}

/** My Trips (issue #36): every airline schedule change waiting for the traveller's answer, first on the page. */
export function ScheduleChangeNotices() {
  const changes = useScheduleChangesQuery();
  const [answered, setAnswered] = useState<{ ids: ReadonlySet<string>; message?: string }>({ ids: new Set() });
  // An answered change leaves at once, whenever the list read next catches up with the answer.
  const pending = (changes.data ?? []).filter(
    (change) => change.status === 'pending' && !answered.ids.has(change.changeId),
  );
  const onAnswered = (changeId: string, message: string) =>
    setAnswered(({ ids }) => ({ ids: new Set([...ids, changeId]), message }));
  return (
    <div className="grid gap-3 empty:hidden">
      {answered.message && (
        <p role="status" className="rounded-lg border border-success/40 bg-success/10 px-4 py-3 text-sm font-medium">
          {answered.message}
        </p>
      )}
      {pending.map((change) => (
        <ChangeNotice
          key={change.changeId}
          change={change}
          onAnswered={(message) => onAnswered(change.changeId, message)}
        />
      ))}
    </div>
  );
}
