import type { CalendarCell } from '@contrail/shared/flights/calendar';
import { FLEXIBLE_DATES_PARAM } from '@contrail/shared/search/flexible-dates';
import { customerAmount } from '@contrail/shared/pricing/price-offer';
import { formatDate, formatPrice } from '@contrail/shared/results/format';
import { resultsUrl, type ResultsSearch } from '@contrail/shared/results/search-links';
import { useNavigate } from 'react-router';
import { errorMessage } from '../app/api-error';
import { useBrand } from '../brand/brand-context';
import { cn } from '../ui/cn';
import { usePriceCalendarQuery } from './calendarApi';
import { CELL_STATUS_TEXT, cheapestShown, priceAge } from './cell-label';
import { useAskAgain } from './use-ask-again';

interface CellProps {
  cell: CalendarCell;
  shownPrice: number | undefined;
  cheapest: boolean;
  current: boolean;
  label: string;
  onChoose(cell: CalendarCell): void;
}

function CalendarButton({ cell, shownPrice, cheapest, current, label, onChoose }: CellProps) {
  const priced = cell.status === 'priced' && shownPrice !== undefined;
  const text = priced
    ? formatPrice(shownPrice, cell.cheapest!.total_currency)
    : CELL_STATUS_TEXT[cell.status as 'pending'];
  const age = priced ? priceAge(cell, new Date()) : '';
  return (
    <button
      type="button"
      disabled={cell.status === 'unavailable'}
      aria-current={current ? 'date' : undefined}
      onClick={() => onChoose(cell)}
      className={cn(
        'relative flex min-h-14 w-full flex-col items-center justify-center rounded-md border px-1 py-1.5 text-xs',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary disabled:cursor-not-allowed',
        cheapest ? 'border-success bg-success/10 font-semibold' : 'border-border bg-background hover:bg-muted',
        current && 'ring-2 ring-primary',
        !priced && 'text-muted-foreground',
      )}
    >
      {/* Named by its content, not aria-label: the name need not repeat what it shows word for word (axe). */}
      <span className="sr-only">{`${label}: ${text}${cheapest ? ', cheapest' : ''}${age ? `, ${age}` : ''}`}</span>
      {cell.status === 'pending' ? (
        <span className="h-3 w-12 animate-pulse rounded bg-muted" aria-hidden />
      ) : (
        <span className={cn(priced && 'text-sm')} aria-hidden>
          {text}
        </span>
      )}
      {priced && (
        <span className="text-[11px] font-normal text-muted-foreground" aria-hidden>
          {age}
        </span>
      )}
    </button>
  );
}

/**
 * Flexible dates (issue 34): the cheapest price of the same search on the days around it, a strip
 * one way and a departure × return grid round trip; choosing a day runs its search. Prices are the
 * index's or a live search's, said with their age, never bookable as they stand.
 */
export function PriceCalendar({ search }: { search: ResultsSearch }) {
  const { brand } = useBrand();
  const navigate = useNavigate();
  const { data, error, isFetching, refetch } = usePriceCalendarQuery(search);
  const pending = data?.pending ?? 0;
  useAskAgain(pending, isFetching, refetch);

  if (error && !data) return <p className="text-sm text-destructive-text">{errorMessage(error)}</p>;
  const cells = data?.cells ?? [];
  const travellers = search.adultsCount + search.childrenCount + search.infantsCount;
  const pricing = { pricing: brand.pricing, travellers, cabin: search.cabinClass };
  // Priced as the result cards are, so the cheapest cell costs what its search's cheapest card does.
  const shown = (cell: CalendarCell) => customerAmount(cell.cheapest!, pricing);
  const cheapest = cheapestShown(cells, shown);
  const choose = (cell: CalendarCell) => {
    const next = { ...search, departureDate: cell.departureDate, returnDate: cell.returnDate ?? undefined };
    void navigate(`${resultsUrl(next)}&${FLEXIBLE_DATES_PARAM}=1`);
  };
  const button = (cell: CalendarCell, label: string) => (
    <CalendarButton
      cell={cell}
      shownPrice={cell.status === 'priced' ? shown(cell) : undefined}
      cheapest={cell.status === 'priced' && shown(cell) === cheapest}
      current={cell.departureDate === search.departureDate && (cell.returnDate ?? undefined) === search.returnDate}
      label={label}
      onChoose={choose}
    />
  );

  return (
    <section
      aria-labelledby="price-calendar-title"
      aria-busy={!data || pending > 0}
      className="rounded-lg border bg-background p-4"
    >
      <h2 id="price-calendar-title" className="text-base font-semibold">
        Prices on nearby dates
      </h2>
      <p className="mb-3 text-xs text-muted-foreground">
        Cheapest price per day from recent searches; choosing a day searches it live.
      </p>
      {!data ? (
        <p className="text-sm text-muted-foreground">Comparing nearby dates…</p>
      ) : search.returnDate === undefined ? (
        <ol className="flex gap-1.5 overflow-x-auto pb-1 sm:grid sm:grid-cols-7" aria-label="Departure dates">
          {cells.map((cell) => (
            <li key={cell.departureDate} className="w-24 shrink-0 text-center sm:w-auto">
              <span className="mb-1 block text-[11px] text-muted-foreground" aria-hidden>
                {formatDate(cell.departureDate)}
              </span>
              {button(cell, `Departing ${formatDate(cell.departureDate)}`)}
            </li>
          ))}
        </ol>
      ) : (
        <ReturnGrid cells={cells} button={button} />
      )}
    </section>
  );
}

function ReturnGrid({
  cells,
  button,
}: {
  cells: CalendarCell[];
  button: (cell: CalendarCell, label: string) => React.ReactNode;
}) {
  const returns = [...new Set(cells.map((cell) => cell.returnDate!))];
  const departures = [...new Set(cells.map((cell) => cell.departureDate))];
  return (
    <div className="overflow-x-auto" tabIndex={0} aria-label="Departure by return dates, scrolls sideways">
      <p className="mb-1 text-[11px] text-muted-foreground md:hidden" aria-hidden>
        Scroll sideways for more return dates →
      </p>
      <table className="w-full min-w-[36rem] border-separate border-spacing-1 text-center">
        <caption className="sr-only">Cheapest price by departure date (rows) and return date (columns)</caption>
        <thead>
          <tr>
            <th scope="col" className="sticky left-0 z-10 bg-background text-[11px] font-normal text-muted-foreground">
              Depart ↓ Return →
            </th>
            {returns.map((date) => (
              <th key={date} scope="col" className="text-[11px] font-medium">
                {formatDate(date)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {departures.map((departure) => (
            <tr key={departure}>
              <th
                scope="row"
                className="sticky left-0 z-10 whitespace-nowrap bg-background pr-1 text-[11px] font-medium"
              >
                {formatDate(departure)}
              </th>
              {returns.map((back) => {
                const cell = cells.find((each) => each.departureDate === departure && each.returnDate === back)!;
                return (
                  <td key={back}>
                    {button(cell, `Departing ${formatDate(departure)}, returning ${formatDate(back)}`)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
