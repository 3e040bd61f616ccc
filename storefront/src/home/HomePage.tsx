import { useEffect, useState, type ComponentType } from 'react';
import { usePageMeta } from '../brand/page-meta';
import { useBrand } from '../brand/brand-context';
import { useGrowingCount } from '../ui/use-growing-count';
import { Hero } from './Hero';
import { PhoneCallToAction } from './PhoneCallToAction';
import { useHashScroll } from './use-hash-scroll';

/**
 * The sections under the first screen (the hero and, on a wide screen, the call to action): loaded
 * once the page shows, so the first page's JS holds the first screen only.
 */
function useSectionsBelowTheFold(): ComponentType[] {
  const [sections, setSections] = useState<ComponentType[]>([]);
  useEffect(() => {
    let live = true;
    void import('./below-fold').then(({ SECTIONS }) => live && setSections(SECTIONS));
    return () => {
      live = false;
    };
  }, []);
  return sections;
}

export function HomePage() {
  const { brand } = useBrand();
  usePageMeta({
    description: `Search and compare cheap flights from 450+ airlines with ${brand.name}. Book round-trip or one-way flights online or by phone with ${brand.hours.phone} travel experts.`,
    keywords: 'cheap flights, flight booking, airline tickets, round trip flights, one way flights, flight deals',
  });
  useHashScroll();
  const sections = useSectionsBelowTheFold();
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
      {(sections.length === 0 || shown < sections.length) && <div className="min-h-screen" aria-hidden />}
    </>
  );
}
