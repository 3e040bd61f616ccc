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

const WIDTH = 600;
const HEIGHT = 220;
const AXIS = 28;
/** Room above the largest value for its label. */
const TOP = 18;

/** Every series of a chart on one scale from 0 to its largest value (never 0, so nothing divides by it). */
function scaleOf(points: RevenuePoint[], keys: (keyof RevenuePoint)[]) {
  const largest = Math.max(1, ...points.flatMap((point) => keys.map((key) => Math.max(0, Number(point[key])))));
  const y = (value: number) => HEIGHT - AXIS - (Math.max(0, value) / largest) * (HEIGHT - AXIS - TOP);
  return Object.assign(y, { largest });
}

/** The scale's top: a faint line at the largest value, named at its left. */
function TopLine({ label }: { label: string }) {
  return (
    <g fontSize={11} fill={COLOURS.muted}>
      <line x1={0} x2={WIDTH} y1={TOP} y2={TOP} stroke={COLOURS.muted} strokeOpacity={0.25} strokeDasharray="3 3" />
      <text x={2} y={TOP - 4}>
        {label}
      </text>
    </g>
  );
}

function PeriodAxis({ points }: { points: RevenuePoint[] }) {
  const every = Math.max(1, Math.ceil(points.length / 6));
  const step = WIDTH / Math.max(1, points.length);
  return (
    <g fontSize={11} fill={COLOURS.muted}>
      <line x1={0} x2={WIDTH} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} stroke={COLOURS.muted} strokeOpacity={0.4} />
      {points.map((point, index) =>
        index % every === 0 ? (
          <text
            key={point.period}
            x={index === 0 ? 0 : index * step + step / 2}
            y={HEIGHT - 10}
            textAnchor={index === 0 ? 'start' : 'middle'}
          >
            {point.period}
          </text>
        ) : null,
      )}
    </g>
  );
}

function Legend({ items }: { items: Array<{ name: string; colour: string }> }) {
  return (
    <div className="mt-2 flex flex-wrap gap-4 text-xs text-muted-foreground">
      {items.map((item) => (
        <span key={item.name} className="inline-flex items-center gap-1.5">
          <span className="h-2.5 w-2.5 rounded-sm" style={{ background: item.colour }} />
          {item.name}
        </span>
      ))}
    </div>
  );
}

function SalesBars({ points }: { points: RevenuePoint[] }) {
  const y = scaleOf(points, ['grossSales', 'netMargin']);
  const step = WIDTH / Math.max(1, points.length);
  const bar = Math.max(1, step / 2 - 2);
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full">
      {points.map((point, index) => (
        <g key={point.period}>
          <rect
            x={index * step + 1}
            y={y(point.grossSales)}
            width={bar}
            height={HEIGHT - AXIS - y(point.grossSales)}
            fill={COLOURS.primary}
          />
          <rect
            x={index * step + 1 + bar}
            y={y(point.netMargin)}
            width={bar}
            height={HEIGHT - AXIS - y(point.netMargin)}
            fill={COLOURS.secondary}
          />
        </g>
      ))}
      <TopLine label={formatAmount(y.largest)} />
      <PeriodAxis points={points} />
    </svg>
  );
}

function CountLines({ points }: { points: RevenuePoint[] }) {
  const y = scaleOf(points, ['bookings', 'cancellations']);
  const step = WIDTH / Math.max(1, points.length);
  const line = (key: 'bookings' | 'cancellations') =>
    points.map((point, index) => `${index * step + step / 2},${y(point[key])}`).join(' ');
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full">
      <polyline
        points={line('bookings')}
        fill="none"
        stroke={COLOURS.primary}
        strokeWidth={2}
        vectorEffect="non-scaling-stroke"
      />
      <polyline
        points={line('cancellations')}
        fill="none"
        stroke={COLOURS.muted}
        strokeWidth={2}
        strokeDasharray="5 3"
        vectorEffect="non-scaling-stroke"
      />
      <TopLine label={String(y.largest)} />
      <PeriodAxis points={points} />
    </svg>
  );
}

/**
 * The revenue page's charts, drawn as plain SVG (loaded only with this page): sales and margins as
 * bars, bookings and cancellations as lines. A charting library shared Redux Toolkit with the app
 * and so split the app's entry chunk, costing every traveller's first page 4 kB. Each picture is
 * hidden from screen readers; they read the same figures from the table under it.
 */
export function RevenueCharts({ points, currency }: { points: RevenuePoint[]; currency: string }) {
  const money = (value: number) => formatAmount(value);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <figure className="relative min-w-0 rounded-[var(--radius)] border border-border bg-card p-4">
        <figcaption className="mb-3 text-sm font-semibold text-foreground">Sales and margin ({currency})</figcaption>
        <div aria-hidden>
          <SalesBars points={points} />
        </div>
        <Legend
          items={[
            { name: 'Gross sales', colour: COLOURS.primary },
            { name: 'Net margin', colour: COLOURS.secondary },
          ]}
        />
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
        <div aria-hidden>
          <CountLines points={points} />
        </div>
        <Legend
          items={[
            { name: 'Bookings', colour: COLOURS.primary },
            { name: 'Cancellations', colour: COLOURS.muted },
          ]}
        />
        <DataTable
          caption="Bookings and cancellations per period"
          columns={['Period', 'Bookings', 'Cancellations']}
          rows={points.map((point) => [point.period, point.bookings, point.cancellations])}
        />
      </figure>
    </div>
  );
}
