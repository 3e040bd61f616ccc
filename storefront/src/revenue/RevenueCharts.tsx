import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatAmount, type RevenuePoint } from './revenue-series';

/** The brand's own colours, so the charts wear the brand like the rest of the page. */
const COLOURS = {
  primary: 'var(--brand-primary-surface, #1d4ed8)',
  secondary: 'var(--brand-secondary, #0f766e)',
  muted: 'var(--muted-foreground, #475569)',
};

function DataTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: (string | number)[][] }) {
  return (
    // sr-only on a wrapper: a table itself grows past the 1px it is given, and would widen the page.
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={String(row[0])}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={index}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The revenue page's charts (recharts, loaded only with this page): sales and margins as bars,
 * bookings and cancellations as lines. Each chart's picture is hidden from screen readers and out
 * of the tab order (no accessibility layer: a focusable picture inside aria-hidden is an axe
 * violation); they read the same figures from the table under it.
 */
export function RevenueCharts({ points, currency }: { points: RevenuePoint[]; currency: string }) {
  const money = (value: number) => formatAmount(value);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <figure className="relative min-w-0 rounded-[var(--radius)] border border-border bg-card p-4">
        <figcaption className="mb-3 text-sm font-semibold text-foreground">Sales and margin ({currency})</figcaption>
        <div aria-hidden className="h-64">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={points} margin={{ left: 8, right: 8 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="period" tick={{ fontSize: 11 }} />
              <YAxis tick={{ fontSize: 11 }} width={64} />
              <Tooltip formatter={(value) => money(Number(value))} />
              <Legend />
              <Bar dataKey="grossSales" name="Gross sales" fill={COLOURS.primary} />
              <Bar dataKey="netMargin" name="Net margin" fill={COLOURS.secondary} />
            </BarChart>
          </ResponsiveContainer>
        </div>
        <DataTable
          caption={`Sales and margin per period, ${currency}`}
          columns={['Period', 'Gross sales', 'Markup margin', 'Net margin']}
          rows={points.map((point) => [
            point.period,
            money(point.grossSales),
            money(point.markupMargin),
            money(point.netMargin),
          ])}
        />
      </figure>
      <figure className="relative min-w-0 rounded-[var(--radius)] border border-border bg-card p-4">
        <figcaption className="mb-3 text-sm font-semibold text-foreground">Bookings and cancellations</figcaption>
        <div aria-hidden className="h-64">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={points} margin={{ left: 8, right: 8 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="period" tick={{ fontSize: 11 }} />
              <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={40} />
              <Tooltip />
              <Legend />
              <Line type="monotone" dataKey="bookings" name="Bookings" stroke={COLOURS.primary} strokeWidth={2} />
              <Line
                type="monotone"
                dataKey="cancellations"
                name="Cancellations"
                stroke={COLOURS.muted}
                strokeWidth={2}
                strokeDasharray="5 3"
              />
            </LineChart>
          </ResponsiveContainer>
        </div>
        <DataTable
          caption="Bookings and cancellations per period"
          columns={['Period', 'Bookings', 'Cancellations']}
          rows={points.map((point) => [point.period, point.bookings, point.cancellations])}
        />
      </figure>
    </div>
  );
}
