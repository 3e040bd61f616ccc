import HelpCircle from 'lucide-react/icons/circle-question-mark';
import Mail from 'lucide-react/icons/mail';
import Phone from 'lucide-react/icons/phone';
import { Link } from 'react-router';
import { telHref } from '../app/layout/nav-links';
import { useBrand } from '../brand/brand-context';

/** The home page's support section: phone, email and the help pages. */
export function SupportSection() {
  const { brand } = useBrand();
  const item =
    'flex items-start gap-3 rounded-xl border border-border bg-background p-5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-primary';
  return (
    <section aria-labelledby="support-title" className="bg-subtle">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="support-title" className="text-2xl font-bold sm:text-3xl">
          We are here to help
        </h2>
        <div className="mt-8 grid gap-4 md:grid-cols-3">
          <a href={telHref(brand.contact.phone)} className={item}>
            <Phone className="mt-1 h-5 w-5 text-primary-text" aria-hidden />
            <span>
              <span className="block font-semibold">Call us {brand.hours.phone}</span>
              <span className="text-sm text-muted-foreground">{brand.contact.phone}</span>
            </span>
          </a>
          <a href={`mailto:${brand.contact.email}`} className={item}>
            <Mail className="mt-1 h-5 w-5 text-primary-text" aria-hidden />
            <span className="min-w-0">
              <span className="block font-semibold">Email support</span>
              <span className="block text-sm break-all text-muted-foreground">{brand.contact.email}</span>
            </span>
          </a>
          <Link to="/support" className={item}>
            <HelpCircle className="mt-1 h-5 w-5 text-primary-text" aria-hidden />
            <span>
              <span className="block font-semibold">Help center</span>
              <span className="text-sm text-muted-foreground">Answers about bookings, changes and refunds</span>
            </span>
          </Link>
        </div>
      </div>
    </section>
  );
}
