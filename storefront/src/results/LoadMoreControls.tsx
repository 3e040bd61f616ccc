import { FIRST_PAGE_LIMIT } from '@contrail/shared/flights/search-limits';
import { LOAD_MORE_LABEL } from '@contrail/shared/results/load-more';
import ChevronUp from 'lucide-react/icons/chevron-up';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';

interface LoadMoreControlsProps {
  loaded: number;
  total: number;
  /** The engine has not read every offer yet: there are more than `total`. */
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  onBackToFirstPage: () => void;
}

/** Seed 000 §4: Load More while more exist; Back to First Page once more than 30 are loaded. */
export function LoadMoreControls({
  loaded,
  total,
  hasMore,
  loading,
  onLoadMore,
  onBackToFirstPage,
}: LoadMoreControlsProps) {
  return (
    <div className="flex flex-col items-center gap-3 py-2 sm:flex-row sm:justify-center">
      {(loaded < total || hasMore) && (
        <Button size="lg" onClick={onLoadMore} disabled={loading} className="w-full sm:w-auto">
          {loading ? (
            <>
              <Spinner /> {LOAD_MORE_LABEL}
            </>
          ) : (
            'Load More'
          )}
        </Button>
      )}
      {loaded > FIRST_PAGE_LIMIT && (
        <Button variant="outline" size="lg" onClick={onBackToFirstPage} className="w-full sm:w-auto">
          <ChevronUp className="h-4 w-4" aria-hidden />
          Back to First Page
        </Button>
      )}
    </div>
  );
}
