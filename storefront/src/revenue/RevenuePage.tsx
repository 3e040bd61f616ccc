import { REVENUE_COLUMNS } from '@contrail/shared/admin/revenue-columns';
import {
  REVENUE_GRANULARITIES,
  revenueQuerySchema,
  type RevenueGranularity,
  type RevenueReport,
} from '@contrail/shared/admin/revenue';
import { decimalAmount } from '@contrail/shared/booking/refund';
import { Suspense, useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../app/api-error';
import { lazyPage } from '../app/lazy-page';
import { PageLoading } from '../app/PageLoading';
import { useBrandsQuery } from '../admin/adminApi';
import { useAdminAccess } from '../admin/use-admin-access';
import { useStaffCan } from '../admin/use-staff-can';
import { ExportLinks } from '../exports/ExportLinks';
import { RevealedExport } from '../exports/RevealedExport';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { FieldError } from '../ui/field-error';
import { useRevenueQuery, type RevenueRequest } from './revenueApi';
import { RuleTable } from './RuleTable';
import { currenciesOf, revenueSeries } from './revenue-series';
import { BackToAdminSettings } from '../admin/BackToAdminSettings';

// The charting library comes with this chunk only: no traveller's page loads it.
const RevenueCharts = lazyPage(() => import('./RevenueCharts'), 'RevenueCharts');

export const REVENUE_DENIED = "You don't have permission to see revenue.";
const GRANULARITY_LABELS: Record<RevenueGranularity, string> = { day: 'Day', week: 'Week', month: 'Month' };

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
function lastThirtyDays(): RevenueRequest {
  const today = new Date();
  return { from: isoDay(new Date(today.getTime() - 29 * 86_400_000)), to: isoDay(today), granularity: 'day' };
}

const inputClass =
  'h-10 w-full rounded-[var(--radius)] border border-border bg-background px-3 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary';

function Filters({ applied, onApply }: { applied: RevenueRequest; onApply(request: RevenueRequest): void }) {
  const [draft, setDraft] = useState(applied);
  const [error, setError] = useState<string | undefined>();
  const brands = useBrandsQuery();
  const id = useId();
  const choices = brands.data ?? [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = revenueQuerySchema.safeParse(draft);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Check the dates');
    setError(undefined);
    onApply(draft);
  };
  const field = (name: string) => `${id}-${name}`;
  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
      <div>
        <label htmlFor={field('from')} className="mb-1.5 block text-sm font-medium text-foreground">
          From
        </label>
        <input
          id={field('from')}
          type="date"
          value={draft.from}
          max={draft.to}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? field('error') : undefined}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={field('to')} className="mb-1.5 block text-sm font-medium text-foreground">
          To
        </label>
        <input
          id={field('to')}
          type="date"
          value={draft.to}
          min={draft.from}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          className={inputClass}
        />
      </div>
      {choices.length > 1 && (
        <div>
          <label htmlFor={field('brand')} className="mb-1.5 block text-sm font-medium text-foreground">
            Brand
          </label>
          <select
            id={field('brand')}
            value={draft.brand ?? ''}
            onChange={(event) => setDraft({ ...draft, brand: event.target.value || undefined })}
            className={inputClass}
          >
            <option value="">All brands</option>
            {choices.map((brand) => (
              <option key={brand.key} value={brand.key}>
                {brand.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div>
        <label htmlFor={field('by')} className="mb-1.5 block text-sm font-medium text-foreground">
          Per
        </label>
        <select
          id={field('by')}
          value={draft.granularity}
          onChange={(event) => setDraft({ ...draft, granularity: event.target.value as RevenueGranularity })}
          className={inputClass}
        >
          {REVENUE_GRANULARITIES.map((unit) => (
            <option key={unit} value={unit}>
              {GRANULARITY_LABELS[unit]}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit">Show</Button>
      <div className="sm:col-span-2 lg:col-span-5">
        <FieldError id={field('error')} message={error} />
      </div>
    </form>
  );
}

function Totals({ report }: { report: RevenueReport }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {report.totals.flatMap((total) => {
        const money = (minor: number) => `${decimalAmount(minor, total.currency)} ${total.currency}`;
        return [
          ['Gross sales', money(total.grossSales)],
          ['Net margin', money(total.netMargin)],
          ['Average booking', money(total.averageBookingValue)],
          [
            'Cancellation rate',
            `${(total.cancellationRate * 100).toFixed(1)}% (${total.cancellations} of ${total.bookings})`,
          ],
        ].map(([label, value]) => (
          <Card key={`${total.currency}-${label}`} className="p-4">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="mt-1 text-xl font-semibold text-foreground">{value}</dd>
          </Card>
        ));
      })}
    </dl>
  );
}

function PeriodTable({ report }: { report: RevenueReport }) {
  return (
    <div
      className="overflow-x-auto rounded-[var(--radius)] border border-border"
      tabIndex={0}
      role="region"
      aria-label="Figures per period"
    >
      <table className="w-full text-right text-sm">
        <caption className="sr-only">Figures per period, brand and currency</caption>
        <thead className="bg-subtle text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 text-left">
              Period
            </th>
            <th scope="col" className="px-3 py-2 text-left">
              Brand
            </th>
            {REVENUE_COLUMNS.map((column) => (
              <th key={column.field} scope="col" className="px-3 py-2 whitespace-nowrap">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.periods.map((row) => (
            <tr key={`${row.period}-${row.brandKey}-${row.currency}`} className="border-t border-border">
              <th scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap text-foreground">
                {row.period}
              </th>
              <td className="px-3 py-2 text-left">{row.brandKey}</td>
              {REVENUE_COLUMNS.map((column) => (
                <td key={column.field} className="px-3 py-2 whitespace-nowrap tabular-nums">
                  {column.money
                    ? `${decimalAmount(row[column.field], row.currency)} ${row.currency}`
                    : row[column.field]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Ranked({ title, rows }: { title: string; rows: RevenueReport['topRoutes'] }) {
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-foreground">{title}</h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">None in this period.</p>
      ) : (
        <ol className="mt-3 grid gap-1 text-sm">
          {rows.map((row) => (
            <li key={`${row.key}-${row.currency}`} className="flex justify-between gap-3">
              <span className="font-medium text-foreground">{row.key}</span>
              <span className="text-muted-foreground tabular-nums">
                {row.bookings} bookings, {decimalAmount(row.grossSales, row.currency)} {row.currency}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function Report({ report }: { report: RevenueReport }) {
  const currencies = currenciesOf(report);
  const [chosen, setChosen] = useState<string | undefined>();
  const currency = chosen && currencies.includes(chosen) ? chosen : currencies[0];
  if (report.periods.length === 0 || !currency)
    return (
      <p className="rounded-[var(--radius)] border border-border p-6 text-muted-foreground">
        No bookings, refunds or cancellations in this period.
      </p>
    );
  return (
    <div className="grid gap-6">
      <Totals report={report} />
      {currencies.length > 1 && (
        <label className="flex items-center gap-2 text-sm text-foreground">
          Charts in
          <select
            value={currency}
            onChange={(event) => setChosen(event.target.value)}
            className="h-9 rounded-md border border-border bg-background px-2"
          >
            {currencies.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </select>
        </label>
      )}
      <Suspense fallback={<PageLoading label="Loading charts..." />}>
        <RevenueCharts points={revenueSeries(report, currency)} currency={currency} />
      </Suspense>
      <PeriodTable report={report} />
      <div className="grid gap-6 md:grid-cols-2">
        <Ranked title="Top routes" rows={report.topRoutes} />
        <Ranked title="Top carriers" rows={report.topCarriers} />
      </div>
      <RuleTable rows={report.byRule} />
    </div>
  );
}

/** /admin/revenue (issue 32): sales, provider cost, card fees, refunds and margins per brand and period. */
export function RevenuePage() {
  const access = useAdminAccess(REVENUE_DENIED);
  const [applied, setApplied] = useState(lastThirtyDays);
  const revenue = useRevenueQuery(applied, { skip: access !== 'admin' });
  const staffCan = useStaffCan();

  if (access === 'denied') return null;
  if (access === 'checking') return <PageLoading />;

  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <BackToAdminSettings />
      <h1 className="mt-4 text-3xl font-bold text-foreground">Revenue</h1>
      <p className="mt-1 text-muted-foreground">
        What the bookings earned, per brand and period (UTC days): sales, airline cost, card fees, refunds and margin.
      </p>
      <Card className="mt-8 p-5 sm:p-6">
        <Filters applied={applied} onApply={setApplied} />
        <div className="mt-4 flex flex-wrap items-start gap-2 border-t border-border pt-4">
          <ExportLinks
            kinds={staffCan('bookings.view') ? ['money', 'bookings'] : ['money']}
            filters={{ from: applied.from, to: applied.to, brand: applied.brand }}
          />
          {staffCan('bookings.view') && staffCan('personal-data.reveal') && (
            <RevealedExport filters={{ from: applied.from, to: applied.to, brand: applied.brand }} />
          )}
        </div>
      </Card>
      <div className="mt-6" aria-live="polite" aria-busy={revenue.isFetching}>
        {revenue.isError ? (
          <p role="alert" className="text-sm text-destructive-text">
            {errorMessage(revenue.error, 'The figures could not be loaded. Please try again.')}
          </p>
        ) : revenue.isFetching || !revenue.data ? (
          <PageLoading label="Loading revenue..." />
        ) : (
          <Report report={revenue.data} />
        )}
      </div>
    </section>
  );
}
