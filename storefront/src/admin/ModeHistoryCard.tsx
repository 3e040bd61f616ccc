import History from 'lucide-react/icons/rotate-ccw-clock';
import { errorMessage } from '../app/api-error';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Spinner } from '../ui/spinner';
import { useModeHistoryQuery } from './adminApi';
import { Badge } from './Badge';

const when = (at: string) => new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Every switch of the system mode, newest first, with who made it and when (the system-mode events). */
export function ModeHistoryCard() {
  const history = useModeHistoryQuery();
  let body;
  if (history.isLoading) {
    body = (
      <p className="mt-4 flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> Loading the history...
      </p>
    );
  } else if (history.isError || !history.data) {
    body = (
      <div role="alert" className="mt-4 text-sm">
        <p className="text-destructive-text">
          {errorMessage(history.error, 'The history of mode switches could not be loaded.')}
        </p>
        <Button variant="outline" className="mt-3" onClick={() => void history.refetch()}>
          Try Again
        </Button>
      </div>
    );
  } else if (history.data.length === 0) {
    body = <p className="mt-4 text-sm text-muted-foreground">The mode has never been switched: it is test mode.</p>;
  } else {
    body = (
      <ol aria-label="Mode switches" className="mt-4">
        {[...history.data].reverse().map((change) => (
          <li
            key={`${change.at}-${change.mode}`}
            className="flex flex-wrap items-center justify-between gap-2 border-b border-border py-3 last:border-b-0"
          >
            <Badge tone={change.mode === 'live' ? 'warn' : 'good'}>
              {change.mode === 'live' ? 'Live Mode' : 'Test Mode'}
            </Badge>
            <p className="text-sm text-muted-foreground">
              by <span className="font-medium text-foreground">{change.by}</span>,{' '}
              <time dateTime={change.at}>{when(change.at)}</time>
            </p>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <Card className="p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-foreground">
        <History className="h-4 w-4" aria-hidden /> Mode Switches
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">Who switched the system mode, and when.</p>
      {body}
    </Card>
  );
}
