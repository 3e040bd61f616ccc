import { fromMinorUnits } from '@contrail/shared/booking/money';
import type { PriceCheckView } from '@contrail/shared/price-tracking/tracked-search-view';
import { formatDate, formatPrice } from '@contrail/shared/results/format';
import { useId } from 'react';

const WIDTH = 240;
const HEIGHT = 56;

const formatMinor = (minor: number, currency: string) => formatPrice(fromMinorUnits(minor, currency), currency);

const priceText = (check: PriceCheckView) =>
  check.priceMinor === null || check.currency === null
    ? 'No flights'
    : formatPrice(fromMinorUnits(check.priceMinor, check.currency), check.currency);

const checkedText = (iso: string) =>
  `${formatDate(iso.slice(0, 10))}, ${new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`;

/** What the line says, for a screen reader: how many checks, first and latest price, the lowest. */
export function historySummary(history: readonly PriceCheckView[]): string {
  const priced = history.filter((check) => check.priceMinor !== null);
  if (priced.length === 0) return history.length === 0 ? 'Not checked yet' : 'No flights found yet';
  const lowest = priced.reduce((low, check) => (check.priceMinor! < low.priceMinor! ? check : low));
  const latest = priced.at(-1)!;
  const checks = `${history.length} ${history.length === 1 ? 'check' : 'checks'}`;
  return `Price history, ${checks}: first ${priceText(priced[0]!)}, latest ${priceText(latest)}, lowest ${priceText(lowest)}`;
}

/** A tracked search's cheapest price at each check (issue 34): a small line, and the same as a table. */
export function PriceHistoryChart({ history }: { history: readonly PriceCheckView[] }) {
  const id = useId();
  const priced = history.filter((check) => check.priceMinor !== null);
  const prices = priced.map((check) => check.priceMinor!);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const x = (index: number) => (priced.length === 1 ? WIDTH / 2 : (index / (priced.length - 1)) * (WIDTH - 8) + 4);
  const y = (price: number) => (high === low ? HEIGHT / 2 : 4 + ((high - price) / (high - low)) * (HEIGHT - 8));
  const points = priced.map((check, index) => `${x(index).toFixed(1)},${y(check.priceMinor!).toFixed(1)}`);
  return (
    <div className="grid gap-2">
      {priced.length > 0 && (
        <svg
          role="img"
          aria-label={historySummary(history)}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="h-14 w-full max-w-60 text-primary"
        >
          <polyline points={points.join(' ')} fill="none" stroke="currentColor" strokeWidth="2" />
          {priced.map((check, index) => (
            <circle key={check.checkedAt} cx={x(index)} cy={y(check.priceMinor!)} r="3" fill="currentColor" />
          ))}
        </svg>
      )}
      {priced.length > 1 && (
        <p aria-hidden className="text-xs text-muted-foreground">
          Lowest {formatMinor(low, priced[0]!.currency!)} · Highest {formatMinor(high, priced[0]!.currency!)}
        </p>
      )}
      {priced.length === 0 && <p className="text-sm text-muted-foreground">{historySummary(history)}</p>}
      {history.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-primary-text">Show price history as a table</summary>
          <table className="mt-2 w-full text-left text-xs" aria-describedby={`${id}-note`}>
            <caption className="sr-only">Cheapest price at each check</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 font-medium">
                  Checked
                </th>
                <th scope="col" className="py-1 font-medium">
                  Cheapest price
                </th>
              </tr>
            </thead>
            <tbody>
              {history.map((check) => (
                <tr key={check.checkedAt} className="border-t border-border">
                  <th scope="row" className="py-1 font-normal">
                    {checkedText(check.checkedAt)}
                  </th>
                  <td className="py-1">
                    {priceText(check)}
                    {check.departureDate && ` (departing ${formatDate(check.departureDate)})`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p id={`${id}-note`} className="mt-1 text-xs text-muted-foreground">
            Prices found when checked; the search shows what is on sale now.
          </p>
        </details>
      )}
    </div>
  );
}
