import { scheduleChangeLabels as labels } from '@contrail/shared/booking/schedule-change';
import { formatDistanceToNowStrict } from 'date-fns/formatDistanceToNowStrict';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../app/api-error';
import { ChangedTimes } from '../ui/ChangedTimes';
import { Card } from '../ui/card';
import { AnswerScheduleChange } from './AnswerScheduleChange';
import { useScheduleChangeQueueQuery } from './scheduleChangeQueueApi';
import { useStaffCan } from './use-staff-can';

/** Support's action queue (issue #36): airline schedule changes the traveller has not answered yet, oldest first. */
export function ScheduleChangeQueue() {
  const queue = useScheduleChangeQueueQuery();
  const staffCan = useStaffCan();
  const [answered, setAnswered] = useState<{ ids: ReadonlySet<string>; message?: string }>({ ids: new Set() });
  // The read model catches up after the answer: an answered change leaves the list at once.
  const changes = (queue.data?.changes ?? []).filter((change) => !answered.ids.has(change.changeId));
  const onAnswered = (changeId: string, message: string) =>
    setAnswered(({ ids }) => ({ ids: new Set([...ids, changeId]), message }));
  return (
    <section aria-labelledby="schedule-change-queue" className="mt-10">
      <h2 id="schedule-change-queue" className="text-xl font-bold text-foreground">
        {labels.queueTitle}
        {changes.length > 0 && (
          <span className="ml-2 rounded-full bg-warning/20 px-2 py-0.5 text-sm text-[#8a5a00]">{changes.length}</span>
        )}
      </h2>
      {queue.isError && (
        // Not an alert: the queue is read beside the search, whose own failures are the page's alerts.
        <p className="mt-3 text-sm text-destructive-text">
          {errorMessage(queue.error, 'The queue could not be loaded.')}
        </p>
      )}
      {answered.message && (
        <p role="status" className="mt-3 text-sm font-medium text-foreground">
          {answered.message}
        </p>
      )}
      {queue.isSuccess && changes.length === 0 && <p className="mt-3 text-muted-foreground">{labels.queueEmpty}</p>}
      <ul className="mt-4 grid gap-3">
        {changes.map((change) => (
          <li key={change.changeId}>
            <Card className="grid gap-2 p-4">
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-semibold">{labels.actionNeeded}</span>
                <Link
                  to={`/admin/support?reference=${encodeURIComponent(change.reference ?? change.bookingId)}`}
                  className="font-mono font-semibold text-primary-text hover:underline"
                >
                  {change.reference ?? change.bookingId}
                </Link>
                <span className="text-muted-foreground">
                  detected {formatDistanceToNowStrict(new Date(change.detectedAt), { addSuffix: true })}
                </span>
              </p>
              <ChangedTimes change={change} />
              {/* The queue shows the brands this member may view; answering also needs the service action. */}
              {staffCan('bookings.service') && <AnswerScheduleChange change={change} onAnswered={onAnswered} />}
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
