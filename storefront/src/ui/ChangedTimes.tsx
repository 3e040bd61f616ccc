import {
  localTimeLabel,
  scheduleChangeLabels as labels,
  type ChangedFlight,
  type ScheduleChangeView,
} from '@contrail/shared/booking/schedule-change';

function Times({ flight }: { flight: ChangedFlight | undefined }) {
  if (!flight) return <span className="text-muted-foreground">None</span>;
  return (
    <span className="grid tabular-nums">
      <span>Departs {localTimeLabel(flight.departingAt)}</span>
      <span>Arrives {localTimeLabel(flight.arrivingAt)}</span>
    </span>
  );
}

/** The old and the new flights side by side, one row per flight, times local to each airport. */
export function ChangedTimes({ change }: { change: ScheduleChangeView }) {
  const rows = Math.max(change.before.length, change.after.length);
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Your flights before and after the airline’s change</caption>
      <thead>
        <tr className="border-b border-border text-muted-foreground">
          <th scope="col" className="py-2 pr-3 font-medium">
            Flight
          </th>
          <th scope="col" className="py-2 pr-3 font-medium">
            {labels.before}
          </th>
          <th scope="col" className="py-2 font-medium">
            {labels.after}
          </th>
        </tr>
      </thead>
      <tbody>
        {Array.from({ length: rows }, (_, i) => {
          const flight = change.after[i] ?? change.before[i]!;
          return (
            <tr key={i} className="border-b border-border last:border-0 align-top">
              <th scope="row" className="py-2 pr-3 font-semibold">
                {flight.flight}
                <span className="block font-normal text-muted-foreground">
                  {flight.origin} – {flight.destination}
                </span>
              </th>
              <td className="py-2 pr-3 text-muted-foreground line-through decoration-1">
                <Times flight={change.before[i]} />
              </td>
              <td className="py-2 font-semibold">
                <Times flight={change.after[i]} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
