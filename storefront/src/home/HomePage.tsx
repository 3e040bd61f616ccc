import { usePageMeta } from '../brand/page-meta';
import { useBrand } from '../brand/brand-context';
import { useGrowingCount } from '../ui/use-growing-count';
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

export function HomePage() {
  const { brand } = useBrand();
  usePageMeta({
    description: `Search and compare cheap flights from 450+ airlines with ${brand.name}. Book round-trip or one-way flights online or by phone with 24/7 travel experts.`,
    keywords: 'cheap flights, flight booking, airline tickets, round trip flights, one way flights, flight deals',
  });
  useHashScroll();
  // None at first (the first screen is the hero's), then one section per task.
  const shown = useGrowingCount(SECTIONS.length, 0, 1);
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
