import { BRAND_UNAVAILABLE_TITLE } from '@contrail/shared/brand/brand-key';
import { brandTitle } from '@contrail/shared/brand/brand-title';
import { DEFAULT_BRAND_KEY } from '@contrail/shared/brand/default-brand';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { setRequestBrandKey, startupBrandKey } from './request-brand-key';
import { Spinner } from '../ui/spinner';
import { BrandContext } from './brand-context';
import { INITIAL_BRAND_STATE, loadBrand, type BrandState } from './load-brand';
import { SiteUnavailable } from './SiteUnavailable';
import { applyTheme } from './theme-variables';

interface BrandProviderProps {
  children: ReactNode;
  /** Defaults to the key of seed 000 §7 read at start-up, the same key every API call sends. */
  brandKey?: string;
  /** The brand already loaded for this key, calls already on it (main.tsx): no second load. */
  initialState?: BrandState | undefined;
}

/**
 * Loads the brand once on start-up and paints it: CSS variables, font and the page title.
 * While another brand than the default loads, a neutral screen shows, so the default brand
 * never flashes under someone else's domain.
 */
export function BrandProvider({ children, brandKey, initialState }: BrandProviderProps) {
  const key = brandKey ?? startupBrandKey;
  const [state, setState] = useState<BrandState>(initialState ?? INITIAL_BRAND_STATE);
  // The brand given at start is not loaded again; a later key is.
  const given = useRef(initialState !== undefined);

  useEffect(() => {
    if (given.current) {
      given.current = false;
      return;
    }
    let current = true;
    void loadBrand(key).then((next) => {
      if (!current) return;
      // Calls go on the brand found (by key or by domain); after a failure, on the key asked for.
      if (next.status === 'loaded') setRequestBrandKey(next.brand.key);
      setState(next);
    });
    return () => {
      current = false;
    };
  }, [key]);

  const unavailable = state.status === 'unavailable';
  useLayoutEffect(() => {
    if (unavailable) {
      document.title = BRAND_UNAVAILABLE_TITLE;
      return;
    }
    applyTheme(state.brand);
    document.title = brandTitle(state.brand.name);
  }, [state.brand, unavailable]);

  if (state.status === 'loading' && key !== DEFAULT_BRAND_KEY) {
    return (
      <div role="status" className="flex min-h-screen items-center justify-center gap-2 text-muted-foreground">
        <Spinner className="h-5 w-5" />
        <span>Loading...</span>
      </div>
    );
  }
  if (unavailable) return <SiteUnavailable />;
  return <BrandContext value={state}>{children}</BrandContext>;
}
