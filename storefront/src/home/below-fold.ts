import { AirlinePartners } from './AirlinePartners';
import { Deals } from './Deals';
import { SupportSection } from './SupportSection';
import { Testimonials } from './Testimonials';
import { WhyChooseUs } from './WhyChooseUs';

/** The sections under the first screen, in page order: a chunk of their own, loaded once the page shows. */
export const SECTIONS = [Deals, AirlinePartners, WhyChooseUs, Testimonials, SupportSection];
