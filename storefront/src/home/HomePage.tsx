import { useEffect, useState, type ComponentType } from 'react';
import { usePageMeta } from '../brand/page-meta';
import { useBrand } from '../brand/brand-context';
import { useGrowingCount } from '../ui/use-growing-count';
import { useNeededSoon } from '../ui/use-needed-soon';
import { Hero } from './Hero';
import { PhoneCallToAction } from './PhoneCallToAction';
import { useHashScroll } from './use-hash-scroll';

/**
 * The sections under the first screen (the hero and, on a wide screen, the call to action): loaded
 * once their place is in view or the visitor starts to move (`useNeededSoon`), so the first page's
 * JS holds the first screen only and a visit that only looks loads none of them (issue 38).
 */
function useSectionsBelowTheFold(place: HTMLDivElement | null): ComponentType[] {
  const near = useNeededSoon(place);
  const [sections, setSections] = useState<ComponentType[]>([]);
  useEffect(() => {
    if (!near) return;
    let live = true;
    void import('./below-fold').then(({ SECTIONS }) => live && setSections(SECTIONS));
    return () => {
      live = false;
    };
  }, [near]);
  return sections;
}

/**
 * What stands where the sections go while they load: their outline (a heading and a row of
 * cards), not a screen of blank white (issue 33 item 13).
 */
function SectionsPlaceholder({ place }: { place: (element: HTMLDivElement | null) => void }) {
  return (
    <div ref={place} className="min-h-screen" aria-hidden data-testid="sections-placeholder">
      <div className="mx-auto max-w-7xl animate-pulse px-4 py-12 sm:px-6">
        <div className="h-8 w-64 max-w-full rounded bg-muted" />
        <div className="mt-3 h-4 w-96 max-w-full rounded bg-muted" />
        <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((card) => (
            <div key={card} className="h-56 rounded-xl border border-border bg-subtle" />
          ))}
        </div>
      </div>
      <div className="bg-subtle">
        <div className="mx-auto max-w-7xl animate-pulse px-4 py-12 sm:px-6">
          <div className="mx-auto h-8 w-64 max-w-full rounded bg-muted" />
          <div className="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4">
            {[0, 1, 2, 3, 4, 5, 6, 7].map((tile) => (
              <div key={tile} className="h-14 rounded-xl border border-border bg-background" />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

export function HomePage() {
  const { brand } = useBrand();
  usePageMeta({
    description: `Search and compare cheap flights from 450+ airlines with ${brand.name}. Book round-trip or one-way flights online or by phone with ${brand.hours.phone} travel experts.`,
    keywords: 'cheap flights, flight booking, airline tickets, round trip flights, one way flights, flight deals',
  });
  useHashScroll();
  const [place, setPlace] = useState<HTMLDivElement | null>(null);
  const sections = useSectionsBelowTheFold(place);
  // None at first (the first screen is the hero's), then one section per task.
  const shown = useGrowingCount(sections.length, 0, 1);
  return (
    <>
      <Hero />
      <PhoneCallToAction />
      {sections.slice(0, shown).map((Section, index) => (
        // The list only grows, in a fixed order: its place is its identity.
        <Section key={index} />
      ))}
      {/* Keeps the footer out of view until the sections are in, so it never moves while seen. */}
      {(sections.length === 0 || shown < sections.length) && <SectionsPlaceholder place={setPlace} />}
    </>
  );
}
