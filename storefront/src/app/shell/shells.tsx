import { DEFAULT_BRAND } from '@contrail/shared/brand/default-brand';
import { NEUTRAL_CLASS, SHELL_NAME, SHELL_PHONE } from '@contrail/shared/brand/first-paint';
import type { Brand } from '@contrail/shared/brand/brand';
import { DEFAULT_PRICING_CONTEXT } from '@contrail/shared/pricing/price-offer';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { BrandContext } from '../../brand/brand-context';
import { Hero } from '../../home/Hero';
import { LoadingBanner } from '../../results/ResultsStates';
import { SearchSummarySkeleton } from '../../results/SearchSummary';
import { Header } from '../layout/Header';
import { makeStore } from '../store';

/**
 * A page's first screen without a brand: placeholders for its name and phone number, no logo, and
 * the neutral colours of `.brand-neutral` (index.css). The build writes it into the page's HTML
 * (build/prerender-pages.ts), so the page shows its frame before any script runs; the engine puts
 * the brand of the request in it (engine/src/http/brand-shell.ts), and the app replaces it once
 * its first page is loaded. Until then it is inert: seen, not used.
 */
const NEUTRAL_BRAND: Brand = {
  ...DEFAULT_BRAND,
  name: SHELL_NAME,
  logo: '',
  contact: { ...DEFAULT_BRAND.contact, phone: SHELL_PHONE },
};

export function Shell({ path, children }: { path: string; children: ReactNode }) {
  return (
    <Provider store={makeStore()}>
      <BrandContext value={{ status: 'loading', brand: NEUTRAL_BRAND }}>
        <MemoryRouter initialEntries={[path]}>
          {/* Inert: to look at, not to use (text typed into it would be lost when the app replaces it). */}
          <div inert className={`${NEUTRAL_CLASS} flex min-h-screen flex-col bg-background text-foreground`}>
            <Header />
            <main id="main" tabIndex={-1} aria-busy="true" className="flex-1 outline-none">
              {children}
            </main>
          </div>
        </MemoryRouter>
      </BrandContext>
    </Provider>
  );
}

/** The home's hero and search form, as the home page shows them. */
export function HomeShell() {
  return (
    <Shell path="/">
      <Hero />
    </Shell>
  );
}

/** Results while the search runs (seed 000 §4's banner and skeletons), the summary's text still to come. */
export function SearchShell() {
  return (
    <Shell path="/search">
      {/* The frame of SearchResultsPage. */}
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6">
        <SearchSummarySkeleton />
        <LoadingBanner previews={[]} detailsUrl={() => ''} pricing={DEFAULT_PRICING_CONTEXT} />
      </div>
    </Shell>
  );
}

/** The shells' HTML by page, rendered at build time (build/prerender-pages.ts). */
export const renderShell = {
  home: () => renderToStaticMarkup(<HomeShell />),
  search: () => renderToStaticMarkup(<SearchShell />),
};
