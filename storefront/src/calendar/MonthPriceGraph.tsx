import type { CalendarCell } from '@contrail/shared/flights/calendar';
import { MONTH_GRAPH_PARAM } from '@contrail/shared/search/flexible-dates';
import { customerAmount } from '@contrail/shared/pricing/price-offer';
import { formatDate, formatPrice } from '@contrail/shared/results/format';
import { resultsUrl, type ResultsSearch } from '@contrail/shared/results/search-links';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../app/api-error';
import { useBrand } from '../brand/brand-context';
import { cn } from '../ui/cn';
import { useMonthPricesQuery } from './calendarApi';
import { CELL_STATUS_TEXT, cheapestShown, priceAge } from './cell-label';
import { useAskAgain } from './use-ask-again';

/** Where a key moves focus among `count` bars from `at` (roving tabindex), or null for keys it leaves alone. */
export function nextBar(key: string, at: number, count: number): number | null {
  if (key === 'ArrowRight' || key === 'ArrowDown') return Math.min(at + 1, count - 1);
  if (key === 'ArrowLeft' || key === 'ArrowUp') return Math.max(at - 1, 0);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/** A bar's height in percent: the dearest day fills the chart, the cheapest shows clearly above nothing. */
const barHeight = (price: number, most: number) => Math.max(12, Math.round((price / most) * 100));

interface Priced {
  cell: CalendarCell;
  price: number | undefined;
  text: string;
  label: string;
}

/**
 * The month price graph (issue 34): the cheapest price of each departure day of the search's month,
 * as bars (arrow keys between them, Enter runs that day's search) and as a table. Prices are the
 * index's or a live search's, never bookable as they stand.
 */
export function MonthPriceGraph({ search }: { search: ResultsSearch }) {
  const { brand } = useBrand();
  const navigate = useNavigate();
  const { data, error, isFetching, refetch } = useMonthPricesQuery(search);
  const pending = data?.pending ?? 0;
  useAskAgain(pending, isFetching, refetch);
  const bars = useRef<(HTMLButtonElement | null)[]>([]);
  const cells = data?.cells ?? [];
  const asked = Math.max(
    0,
    cells.findIndex((cell) => cell.departureDate === search.departureDate),
  );
  const [focused, setFocused] = useState<number | null>(null);
  const at = focused ?? asked;

  if (error && !data) return <p className="text-sm text-destructive-text">{errorMessage(error)}</p>;
  const travellers = search.adultsCount + search.childrenCount + search.infantsCount;
  const pricing = { pricing: brand.pricing, travellers, cabin: search.cabinClass };
  const shown = (cell: CalendarCell) => customerAmount(cell.cheapest!, pricing);
  const cheapest = cheapestShown(cells, shown);
  const now = new Date();
  const priced: Priced[] = cells.map((cell) => {
    const price = cell.status === 'priced' ? shown(cell) : undefined;
    const text =
      price === undefined
        ? CELL_STATUS_TEXT[cell.status as 'pending']
        : formatPrice(price, cell.cheapest!.total_currency);
    const extra = price === undefined ? '' : `${price === cheapest ? ', cheapest' : ''}, ${priceAge(cell, now)}`;
    return { cell, price, text, label: `Departing ${formatDate(cell.departureDate)}: ${text}${extra}` };
  });
  const most = Math.max(1, ...priced.flatMap((bar) => (bar.price === undefined ? [] : [bar.price])));
  const month = search.departureDate.slice(0, 7);
  const monthName = new Date(`${month}-01T00:00:00`).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });

  const choose = (cell: CalendarCell) => {
    if (cell.status === 'unavailable') return;
    const next = { ...search, departureDate: cell.departureDate, returnDate: cell.returnDate ?? undefined };
    void navigate(`${resultsUrl(next)}&${MONTH_GRAPH_PARAM}=1`);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const next = nextBar(event.key, at, priced.length);
    if (next === null) return;
    event.preventDefault();
    setFocused(next);
    bars.current[next]?.focus();
  };

  return (
    <section
      aria-labelledby="month-prices-title"
      aria-busy={!data || pending > 0}
      className="min-w-0 rounded-lg border bg-background p-4"
    >
      <h2 id="month-prices-title" className="text-base font-semibold">
        Prices in {monthName}
      </h2>
      <p id="month-prices-help" className="mb-3 text-xs text-muted-foreground">
        Cheapest price per departure day from recent searches; choosing a day searches it live. Use the arrow keys to
        move between days.
      </p>
      {!data ? (
        <p className="text-sm text-muted-foreground">Loading the month’s prices…</p>
      ) : (
        <>
          <div
            role="toolbar"
            aria-label={`Departure days in ${monthName}`}
            aria-describedby="month-prices-help"
            onKeyDown={onKeyDown}
            className="flex h-40 items-end gap-px border-b border-border sm:gap-1"
          >
            {priced.map((bar, index) => (
              <button
                key={bar.cell.departureDate}
                ref={(element) => {
                  bars.current[index] = element;
                }}
                type="button"
                tabIndex={index === at ? 0 : -1}
                aria-label={bar.label}
                aria-disabled={bar.cell.status === 'unavailable' || undefined}
                aria-current={bar.cell.departureDate === search.departureDate ? 'date' : undefined}
                title={bar.label}
                onFocus={() => setFocused(index)}
                onClick={() => choose(bar.cell)}
                className={cn(
                  'group flex h-full min-w-0 flex-1 items-end rounded-t-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary',
                  bar.cell.status === 'unavailable' && 'cursor-not-allowed',
                )}
              >
                <span
                  aria-hidden
                  style={{ height: bar.price === undefined ? '6%' : `${barHeight(bar.price, most)}%` }}
                  className={cn(
                    'block w-full rounded-t-sm',
                    bar.price === undefined && 'bg-muted',
                    bar.cell.status === 'pending' && 'animate-pulse',
                    bar.price !== undefined &&
                      (bar.price === cheapest ? 'bg-success' : 'bg-primary/70 group-hover:bg-primary'),
                    bar.cell.departureDate === search.departureDate &&
                      'outline outline-2 outline-offset-1 outline-foreground',
                  )}
                />
              </button>
            ))}
          </div>
          <div className="mt-1 flex justify-between text-[11px] text-muted-foreground" aria-hidden>
            <span>{formatDate(cells[0]!.departureDate)}</span>
            {cheapest !== undefined && <span>Cheapest: {priced.find((bar) => bar.price === cheapest)!.text}</span>}
            <span>{formatDate(cells.at(-1)!.departureDate)}</span>
          </div>
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer font-medium text-primary-text">Show prices as a table</summary>
            <table className="mt-2 w-full text-left text-xs">
              <caption className="sr-only">Cheapest price per departure day in {monthName}</caption>
              <thead>
                <tr>
                  <th scope="col" className="py-1 font-medium">
                    Departure
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    Cheapest price
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    Checked
                  </th>
                </tr>
              </thead>
              <tbody>
                {priced.map((bar) => (
                  <tr key={bar.cell.departureDate} className="border-t border-border">
                    <th scope="row" className="py-1 font-normal">
                      {formatDate(bar.cell.departureDate)}
                    </th>
                    <td className="py-1">
                      {bar.text}
                      {bar.price !== undefined && bar.price === cheapest && ' (cheapest)'}
                    </td>
                    <td className="py-1">{bar.price === undefined ? '' : priceAge(bar.cell, now)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </section>
  );
}
