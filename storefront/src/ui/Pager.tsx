import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { Button } from './button';

/** "21–40 of 45" (screen readers hear it change) and the buttons to the pages either side; `onPage` gets the offset of the page asked for. */
export function Pager({
  label,
  offset,
  limit,
  total,
  shown,
  busy = false,
  onPage,
}: {
  label: string;
  offset: number;
  limit: number;
  total: number;
  /** How many the current page shows. */
  shown: number;
  busy?: boolean;
  onPage: (offset: number) => void;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {offset + 1}–{offset + shown} of {total}
      </p>
      <div className="flex gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={busy || offset === 0}
          onClick={() => onPage(Math.max(0, offset - limit))}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden /> Previous
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={busy || offset + limit >= total}
          onClick={() => onPage(offset + limit)}
        >
          Next <ChevronRight className="h-4 w-4" aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
