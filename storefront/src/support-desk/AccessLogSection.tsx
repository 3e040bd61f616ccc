import { format } from 'date-fns/format';
import Download from 'lucide-react/icons/download';
import { errorMessage } from '../app/api-error';
import { buttonClass } from '../ui/button';
import { Card } from '../ui/card';
import { seenText } from './seen-labels';
import { ACCESS_LOG_CSV_URL, useAccessLogQuery } from './supportDeskApi';

const when = (iso: string) => format(new Date(iso), 'd MMM yyyy, HH:mm');

/** Who saw which booking's personal data, when, what and why: for platform admins. */
export function AccessLogSection() {
  const log = useAccessLogQuery();
  const entries = log.data?.entries ?? [];
  return (
    <Card className="mt-8 p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-2xl">
          <h2 className="text-lg font-semibold text-foreground">Personal data access log</h2>
          <p className="text-sm text-muted-foreground">
            Every time a member of staff was shown a traveller&apos;s personal data, with the reason they gave.
          </p>
        </div>
        <a href={ACCESS_LOG_CSV_URL} download className={buttonClass('outline', 'sm')}>
          <Download className="h-4 w-4" aria-hidden /> Export CSV
        </a>
      </div>
      {log.isLoading && <p className="mt-4 text-sm text-muted-foreground">Loading the access log…</p>}
      {log.isError && (
        <p role="alert" className="mt-4 text-sm text-destructive-text">
          {errorMessage(log.error, 'The access log could not be loaded.')}
        </p>
      )}
      {log.isSuccess && entries.length === 0 && (
        <p className="mt-4 text-sm text-muted-foreground">No one has been shown personal data yet.</p>
      )}
      {entries.length > 0 && (
        <ul aria-label="Personal data access log" className="mt-4 grid gap-2">
          {entries.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="rounded-lg border border-border p-3 text-sm">
              {entry.exported ? (
                <p className="text-foreground">
                  <strong className="font-semibold">{entry.username}</strong> exported {seenText(entry.seen)} in{' '}
                  {entry.exported} ({entry.brandKey === '*' ? 'every brand' : entry.brandKey})
                </p>
              ) : (
                <p className="text-foreground">
                  <strong className="font-semibold">{entry.username}</strong> saw {seenText(entry.seen)} of booking{' '}
                  <span className="font-mono break-all">{entry.bookingId}</span> ({entry.brandKey})
                </p>
              )}
              <p className="mt-0.5 text-muted-foreground">
                <time dateTime={entry.at}>{when(entry.at)}</time> · Reason: {entry.reason}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
