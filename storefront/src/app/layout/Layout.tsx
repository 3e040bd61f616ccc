import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { ScrollToTop } from './ScrollToTop';
import { PageLoading } from '../PageLoading';
import { lazyPage } from '../lazy-page';
import { Header } from './Header';
import { useNeededSoon } from '../../ui/use-needed-soon';

// Always below the first screen: its code loads once it is in view or the visitor starts to move.
const Footer = lazyPage(() => import('./Footer'), 'Footer');

export function Layout() {
  const [footerPlace, setFooterPlace] = useState<HTMLDivElement | null>(null);
  const footerShown = useNeededSoon(footerPlace);
  return (
    <div className="flex min-h-screen flex-col bg-background text-foreground">
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-primary-surface px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <div ref={setFooterPlace}>
        {footerShown && (
          <Suspense fallback={null}>
            <Footer />
          </Suspense>
        )}
      </div>
      <ScrollToTop />
    </div>
  );
}
