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

export function HomePage() {
  const { brand } = useBrand();
  usePageMeta({
    description: `Search and compare cheap flights from 450+ airlines with ${brand.name}. Book round-trip or one-way flights online or by phone with 24/7 travel experts.`,
    keywords: 'cheap flights, flight booking, airline tickets, round trip flights, one way flights, flight deals',
  });
  useHashScroll();
  return (
    <>
      <Hero />
      <PhoneCallToAction />
      <Deals />
      <AirlinePartners />
      <WhyChooseUs />
      <Testimonials />
      <SupportSection />
    </>
  );
}
