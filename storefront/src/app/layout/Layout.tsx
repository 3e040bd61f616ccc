import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ScrollToTop } from './ScrollToTop';
import { PageLoading } from '../PageLoading';
import { lazyPage } from '../lazy-page';
import { Header } from './Header';
import { useGrowingCount } from '../../ui/use-growing-count';

// Always below the first screen: its code loads after the first paint, beside the page's own.
const Footer = lazyPage(() => import('./Footer'), 'Footer');

export function Layout() {
  // The footer, always below the first screen, comes a frame after it: the first commit is shorter.
  const footerShown = useGrowingCount(1, 0, 1) > 0;
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
      {footerShown && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
      <ScrollToTop />
    </div>
  );
}
