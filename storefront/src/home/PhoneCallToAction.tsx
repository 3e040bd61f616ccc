import PhoneCall from 'lucide-react/icons/phone-call';
import { telHref } from '../app/layout/nav-links';
import { useBrand } from '../brand/brand-context';
import { buttonClass } from '../ui/button';

/** Seed 000 §1: the phone-booking call-to-action with the toll-free number. */
export function PhoneCallToAction() {
  const { brand } = useBrand();
  return (
    <section aria-labelledby="phone-cta-title" className="bg-secondary-surface text-secondary-foreground">
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-12 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="phone-cta-title" className="text-2xl font-bold sm:text-3xl">
            Prefer to book by phone?
          </h2>
          <p className="mt-2 max-w-xl">
            Our travel experts find unpublished fares, handle complex itineraries and book for you. Call toll-free, any
            time.
          </p>
        </div>
        <a href={telHref(brand.contact.phone)} className={buttonClass('accent', 'lg', 'text-lg')}>
          <PhoneCall className="h-5 w-5" aria-hidden /> Call {brand.contact.phone}
        </a>
      </div>
    </section>
  );
}
