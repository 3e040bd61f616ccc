import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, Circle, LinePath } from '@visx/shape';
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
/** Up to this many periods, each point is marked and named with its value (a one-day range is one point). */
const LABELLED = 7;

/** The periods across the chart, each a band (a bar pair, or a line's point at its middle). */
const periodScale = (points: RevenuePoint[]) =>
  scaleBand<string>({ domain: points.map((point) => point.period), range: [0, WIDTH], padding: 0.2 });

/** Every series of a chart on one scale from 0 to its largest value (never 0, so nothing divides by it). */
function valueScale(points: RevenuePoint[], keys: (keyof RevenuePoint)[]) {
  const largest = Math.max(1, ...points.flatMap((point) => keys.map((key) => Math.max(0, Number(point[key])))));
  const scale = scaleLinear<number>({ domain: [0, largest], range: [HEIGHT - AXIS, TOP] });
  return Object.assign((value: number) => scale(Math.max(0, value)), { largest });
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
  const x = periodScale(points);
  const every = Math.max(1, Math.ceil(points.length / 6));
  // The first of several starts at the left edge, so it is not cut off; the others sit under their period.
  const labelAt = (index: number) =>
    index === 0 && points.length > 1
      ? { x: 0, textAnchor: 'start' as const }
      : { x: (x(points[index]!.period) ?? 0) + x.bandwidth() / 2, textAnchor: 'middle' as const };
  return (
    <g fontSize={11} fill={COLOURS.muted}>
      <line x1={0} x2={WIDTH} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} stroke={COLOURS.muted} strokeOpacity={0.4} />
      {points.map((point, index) =>
        index % every === 0 ? (
          <text key={point.period} y={HEIGHT - 10} {...labelAt(index)}>
            {point.period}
          </text>
        ) : null,
      )}
    </g>
  );
}

/** A value named above its mark, when there are few enough to read. */
function ValueLabel({ x, y, children }: { x: number; y: number; children: string }) {
  return (
    <text x={x} y={y - 6} fontSize={13} textAnchor="middle" fill={COLOURS.muted}>
      {children}
    </text>
  );
}

function SalesBars({ points }: { points: RevenuePoint[] }) {
  const x = periodScale(points);
  const y = valueScale(points, ['grossSales', 'netMargin']);
  // A lone period's bars stay slim rather than filling the chart.
  const bar = Math.min(48, x.bandwidth() / 2);
  const labelled = points.length <= LABELLED;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full">
      {points.map((point) => {
        const left = (x(point.period) ?? 0) + x.bandwidth() / 2 - bar;
        return (
          <Group key={point.period}>
            <Bar
              x={left}
              y={y(point.grossSales)}
              width={bar}
              height={HEIGHT - AXIS - y(point.grossSales)}
              fill={COLOURS.primary}
            />
            <Bar
              x={left + bar}
              y={y(point.netMargin)}
              width={bar}
              height={HEIGHT - AXIS - y(point.netMargin)}
              fill={COLOURS.secondary}
            />
            {labelled && (
              <>
                <ValueLabel x={left + bar / 2} y={y(point.grossSales)}>
                  {formatAmount(point.grossSales)}
                </ValueLabel>
                <ValueLabel x={left + bar * 1.5} y={y(point.netMargin)}>
                  {formatAmount(point.netMargin)}
                </ValueLabel>
              </>
            )}
          </Group>
        );
      })}
      {!labelled && <TopLine label={formatAmount(y.largest)} />}
      <PeriodAxis points={points} />
    </svg>
  );
}

const LINES = [
  { key: 'bookings', colour: COLOURS.primary, dash: undefined },
  { key: 'cancellations', colour: COLOURS.muted, dash: '5 3' },
] as const;

function CountLines({ points }: { points: RevenuePoint[] }) {
  const x = periodScale(points);
  const y = valueScale(points, ['bookings', 'cancellations']);
  const middle = (point: RevenuePoint) => (x(point.period) ?? 0) + x.bandwidth() / 2;
  const labelled = points.length <= LABELLED;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full">
      {LINES.map(({ key, colour, dash }) => (
        <Group key={key}>
          <LinePath
            data={points}
            x={middle}
            y={(point) => y(point[key])}
            fill="none"
            stroke={colour}
            strokeWidth={2}
            strokeDasharray={dash}
            vectorEffect="non-scaling-stroke"
          />
          {/* A line needs two points: with few periods each is marked too, so one day still shows. */}
          {labelled &&
            points.map((point) => (
              <Circle key={point.period} data-series={key} cx={middle(point)} cy={y(point[key])} r={4} fill={colour} />
            ))}
        </Group>
      ))}
      {labelled &&
        points.map((point) => (
          <ValueLabel key={point.period} x={middle(point)} y={y(Math.max(point.bookings, point.cancellations))}>
            {`${point.bookings} / ${point.cancellations}`}
          </ValueLabel>
        ))}
      {!labelled && <TopLine label={String(y.largest)} />}
      <PeriodAxis points={points} />
    </svg>
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
