import BadgeCheck from 'lucide-react/icons/badge-check';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import Compass from 'lucide-react/icons/compass';
import Globe2 from 'lucide-react/icons/earth';
import Headphones from 'lucide-react/icons/headphones';
import PhoneCall from 'lucide-react/icons/phone-call';
import PiggyBank from 'lucide-react/icons/piggy-bank';
import Plane from 'lucide-react/icons/plane';
import Timer from 'lucide-react/icons/timer';
import Users from 'lucide-react/icons/users';
import { Link } from 'react-router';
import { telHref } from '../app/layout/nav-links';
import { useBrand } from '../brand/brand-context';
import { usePageMeta } from '../brand/page-meta';
import { buttonClass } from '../ui/button';

/** Seed 000 §1 claims of the phone-agent landing variant. */
export const AGENT_CLAIMS = [
  { icon: BadgeCheck, value: 'Best Price', label: 'Guarantee' },
  { icon: Globe2, value: '450+', label: 'Airlines' },
  { icon: PiggyBank, value: 'Up to 70%', label: 'Savings' },
  { icon: Users, value: '2M+', label: 'Happy Travelers' },
  { icon: Timer, value: 'Under 30s', label: 'Average Wait' },
] as const;

export const AGENT_SERVICES = [
  {
    icon: Plane,
    title: 'Booking Assistance',
    text: 'Multi-city trips, group travel and last-minute flights booked for you by an expert who compares every option.',
    action: 'Call to Book',
  },
  {
    icon: CalendarClock,
    title: 'Travel Modifications',
    text: 'Change dates, switch flights, add bags or cancel: we handle the airline so you do not have to.',
    action: 'Call to Change a Trip',
  },
  {
    icon: Compass,
    title: 'Travel Advice',
    text: 'Visa and passport questions, connection times and the best days to fly, answered by people who travel.',
    action: 'Call for Advice',
  },
] as const;

/** The 24/7 phone-agent landing page; every call to action dials the brand's support number. */
export function PhoneAgentPage() {
  const { brand } = useBrand();
  const tel = telHref(brand.contact.phone);
  usePageMeta({
    description: `Talk to a ${brand.name} travel agent ${brand.hours.phone}. Best price guarantee on 450+ airlines, savings up to 70%, average wait under 30 seconds.`,
    keywords:
      'flight booking by phone, travel agent, 24/7 travel agents, cheap flights by phone, airline tickets, change flight, cancel flight',
  });

  return (
    <>
      <section aria-labelledby="agents-title" className="bg-primary-surface text-primary-foreground">
        <div className="mx-auto max-w-7xl px-4 py-14 text-center sm:px-6">
          <p className="inline-flex items-center gap-2 rounded-full border border-primary-foreground/70 px-3 py-1 text-sm font-semibold">
            <Headphones className="h-4 w-4" aria-hidden /> Travel agents available {brand.hours.phone}
          </p>
          <h1 id="agents-title" className="mt-4 text-3xl font-bold sm:text-5xl">
            Book your flight with a real travel expert
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg">
            Skip the searching. Tell us where you want to go and we will find the best fare, then book it for you.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <a href={tel} className={buttonClass('accent', 'lg', 'text-lg')}>
              <PhoneCall className="h-5 w-5" aria-hidden /> Call {brand.contact.phone}
            </a>
            <Link
              to="/#search"
              className="rounded-md px-4 py-3 font-semibold underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-current"
            >
              Search Flights Instead
            </Link>
          </div>
        </div>
      </section>

      <section aria-label="Why call us" className="border-b border-border bg-subtle">
        <ul className="mx-auto grid max-w-7xl grid-cols-2 gap-4 px-4 py-8 sm:px-6 md:grid-cols-5">
          {AGENT_CLAIMS.map(({ icon: Icon, value, label }) => (
            <li key={label} className="flex flex-col items-center text-center">
              <Icon className="h-6 w-6 text-primary-text" aria-hidden />
              <span className="mt-2 text-xl font-bold">{value}</span>
              <span className="text-sm text-muted-foreground">{label}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="services-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="services-title" className="text-center text-2xl font-bold sm:text-3xl">
          How our agents help
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {AGENT_SERVICES.map(({ icon: Icon, title, text, action }) => (
            <li key={title} className="flex flex-col rounded-xl border border-border p-6">
              <Icon className="h-8 w-8 text-primary-text" aria-hidden />
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 flex-1 text-muted-foreground">{text}</p>
              <a href={tel} className={buttonClass('outline', 'md', 'mt-6')}>
                <PhoneCall className="h-4 w-4" aria-hidden /> {action}
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="immediate-title" className="bg-secondary-surface text-secondary-foreground">
        <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:px-6">
          <h2 id="immediate-title" className="text-2xl font-bold sm:text-3xl">
            Need immediate assistance?
          </h2>
          <p className="mt-3">Average wait under 30 seconds, day or night.</p>
          <a href={tel} className={buttonClass('accent', 'lg', 'mt-6 text-lg')}>
            <PhoneCall className="h-5 w-5" aria-hidden /> {brand.contact.phone}
          </a>
        </div>
      </section>
    </>
  );
}
