import { DEFAULT_BRAND } from '@contrail/shared/brand/default-brand';
import type { Brand } from '@contrail/shared/brand/brand';
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { BrandContext } from '../../brand/brand-context';
import { Hero } from '../../home/Hero';
import { Header } from '../layout/Header';
import { makeStore } from '../store';

/**
 * The first screen of the home page without a brand: no name, logo or phone number, and the
 * neutral colours of `.brand-neutral` (index.css). The build writes it into home.html, so the hero
 * and the search form show before any script runs, under any brand's domain; the app replaces it
 * once its first page is loaded, in the brand's colours. Until then it is inert: seen, not used.
 */
const NEUTRAL_BRAND: Brand = {
  ...DEFAULT_BRAND,
  name: '',
  logo: '',
  // A no-break space holds the number's line, so the call card keeps its height.
  contact: { ...DEFAULT_BRAND.contact, phone: '\u00a0' },
};

export function HomeShell() {
  return (
    <Provider store={makeStore()}>
      <BrandContext value={{ status: 'loading', brand: NEUTRAL_BRAND }}>
        <MemoryRouter initialEntries={['/']}>
          {/* Inert: to look at, not to use (text typed into it would be lost when the app replaces it). */}
          <div inert className="brand-neutral flex min-h-screen flex-col bg-background text-foreground">
            <Header />
            <main id="main" tabIndex={-1} className="flex-1 outline-none">
              <Hero />
            </main>
          </div>
        </MemoryRouter>
      </BrandContext>
    </Provider>
  );
}

/** The shell's HTML, rendered at build time (build/prerender-home.ts). */
export function renderHomeShell(): string {
  return renderToStaticMarkup(<HomeShell />);
}
