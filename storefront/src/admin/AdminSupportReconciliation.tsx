import type { ReconciliationFinding, ReconciliationReport } from '@contrail/shared/admin/reconciliation';
import { format } from 'date-fns/format';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { errorMessage } from '../app/api-error';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Spinner } from '../ui/spinner';
import { Badge } from './Badge';
import { useReconciliationQuery, useRunReconciliationMutation } from './adminSupportApi';
import { isDenied } from './use-admin-access';

export const RECONCILIATION_PLATFORM_ONLY = 'Reconciliation spans every brand: it is for platform admins.';

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, 'd MMM yyyy, HH:mm');
}

const ids = (finding: ReconciliationFinding) =>
  [finding.bookingId && `booking ${finding.bookingId}`, finding.paymentId, finding.orderId].filter(Boolean).join(' · ');

function Findings({
  title,
  tone,
  items,
  describe,
}: {
  title: string;
  tone: 'good' | 'bad' | 'warn';
  items: ReconciliationFinding[];
  describe: (item: ReconciliationFinding) => string;
}) {
  if (items.length === 0) return null;
  return (
    <div className="mt-5">
      <h3 className="flex items-center gap-2 font-semibold text-foreground">
        {title} <Badge tone={tone}>{items.length}</Badge>
      </h3>
      <ul className="mt-2 grid gap-2">
        {items.map((item, index) => (
          <li key={`${item.kind}-${index}`} className="rounded-lg border border-border bg-background p-3 text-sm">
            <p className="font-medium text-foreground">{describe(item)}</p>
            <p className="mt-0.5 font-mono text-xs break-all text-muted-foreground">
              {item.kind}
              {ids(item) && ` · ${ids(item)}`}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Counts({ report }: { report: ReconciliationReport }) {
  const { bookings, authorizations, captures, voids, orders } = report.counts;
  const figures: Array<[string, number]> = [
    ['Confirmed', bookings.confirmed + bookings.completed],
    ['Failed', bookings.failed],
    ['Pending', bookings.pending],
    ['Cancelled', bookings.cancelled],
    ['Authorizations', authorizations],
    ['Captures', captures],
    ['Voids', voids],
    ['Live orders', orders],
  ];
  return (
    <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-border bg-subtle px-3 py-2">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-lg font-semibold text-foreground tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Report({ report }: { report: ReconciliationReport }) {
  const clean = report.repairs.length + report.mismatches.length + report.unchecked.length === 0;
  return (
    <div aria-label="Last reconciliation" role="region">
      <p className="mt-4 text-sm text-muted-foreground">
        Checked <time dateTime={report.checkedAt}>{when(report.checkedAt)}</time>, everything since{' '}
        <time dateTime={report.since}>{when(report.since)}</time>
        {report.repaired ? '.' : ' (a check only: nothing was changed).'}
      </p>
      <Counts report={report} />
      {clean && (
        <p className="mt-5 flex items-center gap-2 text-sm font-medium text-foreground">
          <ShieldCheck className="h-4 w-4" aria-hidden /> Everything matches.
        </p>
      )}
      <Findings title="Needs a person" tone="bad" items={report.mismatches} describe={(item) => item.detail} />
      <Findings
        title={report.repaired ? 'Repaired' : 'Would repair'}
        tone="good"
        items={report.repairs}
        describe={(item) => `${item.detail}: ${(item as ReconciliationReport['repairs'][number]).action}`}
      />
      <Findings title="Could not check now" tone="warn" items={report.unchecked} describe={(item) => item.detail} />
    </div>
  );
}

/**
 * The reconciliation section of /admin/support: the last report comparing bookings with the
 * payment processor and the airline, and buttons to check or reconcile now.
 */
export function ReconciliationSection() {
  const last = useReconciliationQuery();
  const [run, running] = useRunReconciliationMutation();
  const denied = last.isError && isDenied(last.error);
  // Each button owns its spinner: the one that started the run shows it.
  const checking = running.isLoading && running.originalArgs?.dryRun === true;
  const reconciling = running.isLoading && running.originalArgs?.dryRun === false;
  return (
    <Card className="mt-8 p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-2xl">
          <h2 className="text-lg font-semibold text-foreground">Payments and orders reconciliation</h2>
          <p className="text-sm text-muted-foreground">
            Compares every booking with the card processor and the airline: what is safe to repair is repaired (and
            recorded in the booking&apos;s history), the rest is listed here. It runs every 5 minutes.
          </p>
        </div>
        {!denied && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" disabled={running.isLoading} onClick={() => void run({ dryRun: true })}>
              {checking && <Spinner />} Check only
            </Button>
            <Button disabled={running.isLoading} onClick={() => void run({ dryRun: false })}>
              {reconciling ? <Spinner /> : <RefreshCw className="h-4 w-4" aria-hidden />} Reconcile now
            </Button>
          </div>
        )}
      </div>
      {denied && <p className="mt-4 text-sm text-muted-foreground">{RECONCILIATION_PLATFORM_ONLY}</p>}
      {last.isError && !denied && (
        <p role="alert" className="mt-4 text-sm text-destructive-text">
          {errorMessage(last.error, 'The last reconciliation could not be loaded.')}
        </p>
      )}
      {running.isError && (
        <p role="alert" className="mt-4 text-sm text-destructive-text">
          {errorMessage(running.error, 'The reconciliation failed. Please try again.')}
        </p>
      )}
      {last.isLoading && (
        <p className="mt-4 flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Loading the last reconciliation...
        </p>
      )}
      {last.isSuccess && last.data === null && (
        <p className="mt-4 text-sm text-muted-foreground">No reconciliation has run yet.</p>
      )}
      {last.data && <Report report={last.data} />}
    </Card>
  );
}
