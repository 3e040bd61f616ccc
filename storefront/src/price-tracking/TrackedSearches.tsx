import { fromMinorUnits } from '@contrail/shared/booking/money';
import { trackedSearchPath, type TrackedSearchView } from '@contrail/shared/price-tracking/tracked-search-view';
import { formatDate, formatPrice } from '@contrail/shared/results/format';
import { Link } from 'react-router';
import { errorMessage } from '../app/api-error';
import { Button, buttonClass } from '../ui/button';
import { Card } from '../ui/card';
import { PriceHistoryChart } from './PriceHistoryChart';
import { useStopTrackingMutation, useTrackedSearchesQuery } from './priceTrackingApi';

const whenText = (alert: TrackedSearchView) =>
  alert.when.kind === 'month'
    ? `Any day in ${new Date(`${alert.when.month}-01T00:00:00`).toLocaleDateString('en-US', { month: 'long', year: 'numeric' })}`
    : `${formatDate(alert.when.departureDate)}${alert.when.returnDate ? ` to ${formatDate(alert.when.returnDate)}` : ''}`;

const ruleText = (alert: TrackedSearchView) =>
  alert.drop.kind === 'percent'
    ? `${alert.drop.percent}%`
    : formatPrice(fromMinorUnits(alert.drop.amountMinor, 'USD'), 'USD');

function AlertCard({ alert, onStopped }: { alert: TrackedSearchView; onStopped: () => void }) {
  const [stop, { isLoading, error }] = useStopTrackingMutation();
  const route = `${alert.origin} to ${alert.destination}`;
  const latest = alert.history.filter((check) => check.priceMinor !== null).at(-1);
  const titleId = `alert-${alert.trackingId}`;
  return (
    <Card className="grid gap-3 p-4" aria-labelledby={titleId} role="group">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={titleId} className="font-semibold">
          {route}, {whenText(alert)}
        </h3>
        <span className="text-sm text-muted-foreground">
          {alert.status === 'pending'
            ? 'Waiting for you to confirm by email'
            : `Emails on a drop of ${ruleText(alert)} or more`}
        </span>
      </div>
      {latest && (
        <p className="text-sm">
          Latest cheapest price:{' '}
          <span className="font-semibold">
            {formatPrice(fromMinorUnits(latest.priceMinor!, latest.currency!), latest.currency)}
          </span>
        </p>
      )}
      <PriceHistoryChart history={alert.history} />
      <div className="flex flex-wrap gap-2">
        <Link to={trackedSearchPath(alert, latest?.departureDate ?? null)} className={buttonClass('outline', 'sm')}>
          <span>
            Search<span className="sr-only"> {route}</span> now
          </span>
        </Link>
        <Button
          variant="outline"
          size="sm"
          disabled={isLoading}
          onClick={() =>
            void stop(alert.trackingId)
              .unwrap()
              .then(onStopped, () => {})
          }
        >
          <span>
            {isLoading ? 'Stopping…' : 'Stop tracking'}
            <span className="sr-only"> {route}</span>
          </span>
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive-text">
          {errorMessage(error)}
        </p>
      )}
    </Card>
  );
}

/** My Trips' price alerts (issue 34): each tracked search with its price history and a stop button. */
export function TrackedSearches() {
  const { data, error, isLoading, refetch } = useTrackedSearchesQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <section aria-labelledby="price-alerts-title" aria-busy={isLoading} className="grid gap-3">
      <h2 id="price-alerts-title" className="text-xl font-bold">
        Price alerts
      </h2>
      {isLoading ? (
        <p className="text-sm text-muted-foreground">Loading your price alerts…</p>
      ) : error ? (
        <p role="alert" className="text-sm font-medium text-destructive-text">
          {errorMessage(error, 'Unable to load your price alerts')}
        </p>
      ) : data && data.length > 0 ? (
        data.map((alert) => <AlertCard key={alert.trackingId} alert={alert} onStopped={() => void refetch()} />)
      ) : (
        <p className="text-sm text-muted-foreground">
          No price alerts. Choose “Track prices” on a search’s results to hear when its price drops.
        </p>
      )}
    </section>
  );
}
