import { displayName } from '@contrail/shared/accounts/avatar';
import type { CurrentUser } from '@contrail/shared/accounts/schemas';
import LogOut from 'lucide-react/icons/log-out';
import Phone from 'lucide-react/icons/phone';
import X from 'lucide-react/icons/x';
import * as Dialog from 'radix-ui/dialog';
import { Link, useLocation } from 'react-router';
import { useBrand } from '../../brand/brand-context';
import { buttonClass } from '../../ui/button';
import { cn } from '../../ui/cn';
import { NAV_LINKS, isActiveLink, telHref } from './nav-links';
import { useLogout } from './use-logout';

interface MobileNavProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: CurrentUser | null;
}

/** The slide-in side panel used below 768 px (seed 001 §2). */
export function MobileNav({ open, onOpenChange, user }: MobileNavProps) {
  const { brand } = useBrand();
  const { pathname } = useLocation();
  const logout = useLogout();
  const close = () => onOpenChange(false);
  const linkClass =
    'block rounded-md px-3 py-3 text-base font-medium hover:bg-subtle focus-visible:outline-2 focus-visible:outline-primary';

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 md:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-[85vw] max-w-sm flex-col gap-4 overflow-y-auto bg-background p-5 text-foreground shadow-xl data-[state=open]:animate-slide-in-right motion-reduce:animate-none md:hidden"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">{brand.name}</Dialog.Title>
            <Dialog.Close aria-label="Close menu" className={buttonClass('ghost', 'icon')}>
              <X className="h-5 w-5" aria-hidden />
            </Dialog.Close>
          </div>

          {user && (
            <div className="rounded-lg bg-muted p-3">
              <p className="font-semibold">{displayName(user)}</p>
              <p className="text-sm text-muted-foreground">{user.email}</p>
            </div>
          )}

          <nav aria-label="Mobile">
            {NAV_LINKS.map((link) => {
              const active = isActiveLink(link, pathname);
              return (
                <Link
                  key={link.to}
                  to={link.to}
                  onClick={close}
                  aria-current={active ? 'page' : undefined}
                  className={cn(linkClass, active && 'bg-muted text-primary-text')}
                >
                  {link.label}
                </Link>
              );
            })}
            {user && (
              <>
                <Link to="/account-settings" onClick={close} className={linkClass}>
                  Account Settings
                </Link>
                {user.isAdmin && (
                  <Link to="/admin-settings" onClick={close} className={linkClass}>
                    Admin Settings
                  </Link>
                )}
              </>
            )}
          </nav>

          <div className="rounded-lg border border-border p-4">
            <p className="text-sm font-semibold">Quick Contact</p>
            <a
              href={telHref(brand.contact.phone)}
              className="mt-2 inline-flex items-center gap-2 font-semibold text-primary-text hover:underline"
            >
              <Phone className="h-4 w-4" aria-hidden /> {brand.contact.phone}
            </a>
            <p className="mt-1 text-xs text-muted-foreground">Travel experts available {brand.hours.phone}</p>
          </div>

          <div className="mt-auto grid gap-2">
            {user ? (
              <button
                type="button"
                className={buttonClass('outline', 'md')}
                onClick={() => {
                  close();
                  void logout();
                }}
              >
                <LogOut className="h-4 w-4" aria-hidden /> Sign Out
              </button>
            ) : (
              <>
                <Link to="/login" onClick={close} className={buttonClass('outline', 'md')}>
                  Log In
                </Link>
                <Link to="/register" onClick={close} className={buttonClass('primary', 'md')}>
                  Sign Up
                </Link>
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
