import type { ResultsSearch } from '@contrail/shared/results/results-params';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ModifySearchState } from '../search/SearchForm';
import { buttonClass } from '../ui/button';

/**
 * Back to the search form on / (seed 000 §2), filled with `search` when there is one (issue 20:
 * Modify Search never opens an empty form).
 */
export function ModifySearchLink({
  search,
  variant = 'primary',
  className,
  children,
}: {
  search?: ResultsSearch | undefined;
  variant?: 'primary' | 'outline';
  className?: string;
  children: ReactNode;
}) {
  const state: ModifySearchState | undefined = search ? { search } : undefined;
  return (
    <Link to={{ pathname: '/', hash: 'search' }} state={state} className={buttonClass(variant, 'md', className)}>
      {children}
    </Link>
  );
}
