import { fullOfferContext } from '@contrail/shared/pricing/offer-trip';
import type { Brand } from '@contrail/shared/brand/brand';
import { useLayoutEffect, useRef, useState, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import { Header } from '../app/layout/Header';
import { BrandContext } from '../brand/brand-context';
import { themeVariables } from '../brand/theme-variables';
import { FlightCard } from '../ui/FlightCard';
import { SearchForm } from '../search/SearchForm';
import { PREVIEW_OFFER } from './preview-offer';

/** The storefront's md breakpoint (seed 001 §9: 768 px); its layout follows the window, not the panel. */
const DESKTOP_QUERY = '(min-width: 768px)';
/** Desktop previews are laid out this wide, then scaled down to the panel. */
const DESKTOP_WIDTH = 900;

function subscribeDesktop(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(DESKTOP_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function isDesktop(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DESKTOP_QUERY).matches;
}

/** Lays children out `width` px wide and scales them to fit the panel, keeping the real layout. */
function ScaledFrame({ width, children }: { width: number | undefined; children: ReactNode }) {
  const outer = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState({ scale: 1, height: undefined as number | undefined });

  useLayoutEffect(() => {
    const box = outer.current;
    const content = inner.current;
    if (!box || !content || !width || typeof ResizeObserver === 'undefined') {
      setFit({ scale: 1, height: undefined });
      return;
    }
    const update = () => {
      const scale = Math.min(1, box.clientWidth / width);
      setFit({ scale, height: content.offsetHeight * scale });
    };
    const observer = new ResizeObserver(update);
    observer.observe(box);
    observer.observe(content);
    update();
    return () => observer.disconnect();
  }, [width]);

  return (
    <div ref={outer} className="overflow-hidden" style={{ height: fit.height }}>
      <div
        ref={inner}
        style={width ? { width, transform: `scale(${fit.scale})`, transformOrigin: 'top left' } : undefined}
      >
        {children}
      </div>
    </div>
  );
}

/**
 * The storefront's own header, search form and a flight card, painted in `brand` inside a scoped
 * theme (the same CSS variables the BrandProvider sets on the page). Inert: it only shows.
 */
export function BrandPreview({ brand }: { brand: Brand }) {
  const desktop = useSyncExternalStore(subscribeDesktop, isDesktop, () => false);
  const style = {
    ...themeVariables(brand),
    fontFamily: 'var(--brand-font)',
    background: 'var(--brand-background)',
    color: 'var(--brand-foreground)',
  } as CSSProperties;

  return (
    <figure aria-label="Storefront preview" className="overflow-hidden rounded-xl border border-border shadow-sm">
      <ScaledFrame width={desktop ? DESKTOP_WIDTH : undefined}>
        <div inert data-testid="brand-preview" style={style} className="[&_header]:static!">
          <BrandContext value={{ status: 'loaded', brand }}>
            <Header />
            <div className="bg-subtle px-4 py-6 sm:px-6">
              <h2 className="mb-1 text-2xl font-bold text-foreground">Find your next flight</h2>
              <p className="mb-4 text-sm text-muted-foreground">Search hundreds of airlines with {brand.name}.</p>
              <div className="rounded-xl border border-border bg-background p-4 shadow-sm">
                <SearchForm onSearch={() => {}} />
              </div>
            </div>
            <div className="px-4 pb-6 sm:px-6">
              <FlightCard
                offer={PREVIEW_OFFER}
                detailsUrl="#"
                pricing={fullOfferContext(PREVIEW_OFFER, brand.pricing)}
              />
            </div>
          </BrandContext>
        </div>
      </ScaledFrame>
      <figcaption className="border-t border-border bg-subtle px-4 py-2 text-xs text-muted-foreground">
        Live preview with a sample flight, priced by the brand's pricing rules.
      </figcaption>
    </figure>
  );
}
