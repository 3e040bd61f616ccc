import Menu from 'lucide-react/icons/menu';
import Phone from 'lucide-react/icons/phone';
import { Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useCurrentUserQuery } from '../../account/authApi';
import { useBrand } from '../../brand/brand-context';
import { BrandLogo } from '../../brand/BrandLogo';
import { buttonClass } from '../../ui/button';
import { cn } from '../../ui/cn';
import { NAV_LINKS, isActiveLink, telHref } from './nav-links';
import { lazyPage } from '../lazy-page';
import { useScrolled } from './use-scrolled';

// Signed-in visitors only: its menu library stays out of a signed-out first page.
const UserMenu = lazyPage(() => import('./UserMenu'), 'UserMenu');
// The dialog library loads when the menu is first opened.
const MobileNav = lazyPage(() => import('./MobileNav'), 'MobileNav');

/** Seed 001 §9: the header notes scrolling beyond 10 px. */
const SCROLL_THRESHOLD_PX = 10;

export function Header() {
  const { brand } = useBrand();
  const { pathname } = useLocation();
  const { data: user } = useCurrentUserQuery();
  const scrolled = useScrolled(SCROLL_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);

  return (
    <header
      className={cn(
        'sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur transition-shadow',
        scrolled && 'shadow-md',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          to="/"
          aria-label={`${brand.name} home`}
          className="shrink-0 rounded-md focus-visible:outline-2 focus-visible:outline-primary"
        >
          <BrandLogo />
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {NAV_LINKS.map((link) => {
            const active = isActiveLink(link, pathname);
            return (
              <Link
                key={link.to}
                to={link.to}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-subtle',
                  'focus-visible:outline-2 focus-visible:outline-primary',
                  active ? 'bg-muted text-primary-text' : 'text-foreground',
                )}
              >
                {link.label}
              </Link>
            );
          })}
        </nav>

        <div className="hidden items-center gap-3 md:flex">
          <a
            href={telHref(brand.contact.phone)}
            className="inline-flex items-center gap-2 rounded-md px-2 py-1 text-sm font-semibold text-primary-text hover:underline focus-visible:outline-2 focus-visible:outline-primary"
          >
            <Phone className="h-4 w-4" aria-hidden />
            <span>{brand.contact.phone}</span>
          </a>
          {user ? (
            <Suspense fallback={<span className="inline-block h-10 w-10" />}>
              <UserMenu user={user} />
            </Suspense>
          ) : (
            <>
              <Link to="/login" className={buttonClass('outline', 'sm')}>
                Log In
              </Link>
              <Link to="/register" className={buttonClass('primary', 'sm')}>
                Sign Up
              </Link>
            </>
          )}
        </div>

        <button
          type="button"
          onClick={() => {
            setMenuUsed(true);
            setMenuOpen(true);
          }}
          aria-label="Open menu"
          aria-expanded={menuOpen}
          className={cn(buttonClass('ghost', 'icon'), 'md:hidden')}
        >
          <Menu className="h-6 w-6" aria-hidden />
        </button>
      </div>
      {menuUsed && (
        <Suspense fallback={null}>
          <MobileNav open={menuOpen} onOpenChange={setMenuOpen} user={user ?? null} />
        </Suspense>
      )}
    </header>
  );
}
