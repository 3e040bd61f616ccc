import type { BrandHours } from '@contrail/shared/brand/brand';
import { DEFAULT_BRAND_HOURS } from '@contrail/shared/brand/brand-hours';
import BadgeDollarSign from 'lucide-react/icons/badge-dollar-sign';
import Clock from 'lucide-react/icons/clock';
import Headphones from 'lucide-react/icons/headphones';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Users from 'lucide-react/icons/users';
import { useBrand } from '../brand/brand-context';

/** Seed 000 §1 why-choose-us: price match, 24/7 support, secure booking, 2M+ travellers, under 3 minutes. */
export const REASONS = [
  { icon: BadgeDollarSign, title: 'Price Match', text: 'Found it cheaper elsewhere? We match the price.' },
  { icon: Headphones, title: '24/7 Support', text: 'Travel experts on the phone day and night.' },
  { icon: ShieldCheck, title: 'Secure Booking', text: 'Encrypted payments and trusted airline partners.' },
  { icon: Users, title: '2M+ Travelers', text: 'More than two million trips booked with us.' },
  { icon: Clock, title: 'Under 3 Minutes', text: 'Average time from search to booked.' },
] as const;

/** The support reason in the brand's own hours: the seed's "24/7 Support" only where the phone is answered 24/7. */
export function reasonsFor(hours: BrandHours) {
  if (hours.phone === DEFAULT_BRAND_HOURS.phone) return REASONS;
  const support = { icon: Headphones, title: 'Phone Support', text: `Travel experts on the phone ${hours.phone}.` };
  return REASONS.map((reason) => (reason.icon === Headphones ? support : reason));
}

export function WhyChooseUs() {
  const { brand } = useBrand();
  return (
    <section aria-labelledby="why-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <h2 id="why-title" className="text-center text-2xl font-bold sm:text-3xl">
        Why choose us
      </h2>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
        {reasonsFor(brand.hours).map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-xl border border-border p-5 text-center">
            <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-muted text-primary-text">
              <Icon className="h-6 w-6" aria-hidden />
            </span>
            <h3 className="mt-3 font-semibold">{title}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
