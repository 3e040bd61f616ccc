import { Spinner } from '../ui/spinner';

interface ResultsCountProps {
  /** Offers on the page. */
  loaded: number;
  /** Offers that pass the filters, over every offer found. */
  matching: number;
  /** Every offer found. */
  found: number;
  filtered: boolean;
  /** Other filters or another order are on their way. */
  updating: boolean;
}

/** How many flights there are: with filters, how many match of all found (issue 33 item 8). */
export function resultsCountText({ loaded, matching, found, filtered }: Omit<ResultsCountProps, 'updating'>): string {
  if (!filtered) return `Showing ${loaded} of ${matching} flights`;
  const match = `${matching} of ${found} flights match your filters`;
  return loaded < matching ? `${match}, showing ${loaded}` : match;
}

export function ResultsCount(props: ResultsCountProps) {
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
      {resultsCountText(props)}
      {props.updating && (
        <span className="inline-flex items-center gap-1">
          <Spinner /> Updating…
        </span>
      )}
    </p>
  );
}
