import type { ResultsSearch } from '@contrail/shared/results/search-links';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ModifySearchState } from '../search/SearchForm';
import { loadAirports } from '../search/use-airports';
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
  // The form names the chosen airports from the airport table, which the results page does not
  // load: it starts loading as soon as the traveller heads for the link.
  const preload = () => void loadAirports().catch(() => undefined);
  return (
    <Link
      to={{ pathname: '/', hash: 'search' }}
      state={state}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={preload}
      className={buttonClass(variant, 'md', className)}
    >
      {children}
    </Link>
  );
}
