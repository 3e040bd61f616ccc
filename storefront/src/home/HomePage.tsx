import { startTransition, useEffect, useState } from 'react';
import { usePageMeta } from '../brand/page-meta';
import { useBrand } from '../brand/brand-context';
import { AirlinePartners } from './AirlinePartners';
import { Deals } from './Deals';
import { Hero } from './Hero';
import { PhoneCallToAction } from './PhoneCallToAction';
import { SupportSection } from './SupportSection';
import { Testimonials } from './Testimonials';
import { useHashScroll } from './use-hash-scroll';
import { WhyChooseUs } from './WhyChooseUs';

/** The sections under the first screen (the hero and, on a wide screen, the call to action), in page order. */
const SECTIONS = [Deals, AirlinePartners, WhyChooseUs, Testimonials, SupportSection];

/**
 * How many of `count` parts to show: none at first, then one more per task, each in a transition.
 * The page's first commit (and its layout) then holds the first screen only, and each later part
 * is its own short task, rather than one long task for the whole page (Total Blocking Time).
 */
function useOneByOne(count: number): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown >= count) return;
    const timer = window.setTimeout(() => startTransition(() => setShown((now) => now + 1)), 0);
    return () => window.clearTimeout(timer);
  }, [shown, count]);
  return shown;
}

export function HomePage() {
  const { brand } = useBrand();
  usePageMeta({
    description: `Search and compare cheap flights from 450+ airlines with ${brand.name}. Book round-trip or one-way flights online or by phone with 24/7 travel experts.`,
    keywords: 'cheap flights, flight booking, airline tickets, round trip flights, one way flights, flight deals',
  });
  useHashScroll();
  const shown = useOneByOne(SECTIONS.length);
  return (
    <>
      <Hero />
      <PhoneCallToAction />
      {SECTIONS.slice(0, shown).map((Section, index) => (
        // The list only grows, in a fixed order: its place is its identity.
        <Section key={index} />
      ))}
      {/* Keeps the footer out of view until the sections are in, so it never moves while seen. */}
      {shown < SECTIONS.length && <div className="min-h-screen" aria-hidden />}
    </>
  );
}
