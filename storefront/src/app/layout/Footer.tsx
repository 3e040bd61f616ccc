import Award from 'lucide-react/icons/award';
import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import Phone from 'lucide-react/icons/phone';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { useBrand } from '../../brand/brand-context';
import { DEFAULT_BRAND } from '@contrail/shared/brand/default-brand';
import { lazyPage } from '../lazy-page';
import { telHref } from './nav-links';

// Its form library and schemas are not needed for the first paint: loaded after, in the same space.
const SubscribeForm = lazyPage(() => import('../../content/SubscribeForm'), 'SubscribeForm');

const SOCIAL_NAMES = { facebook: 'Facebook', twitter: 'Twitter', instagram: 'Instagram' } as const;

/** The brand's social profiles, only those it has configured. */
function SocialLinks({ social }: { social: Record<keyof typeof SOCIAL_NAMES, string> }) {
  const links = (Object.keys(SOCIAL_NAMES) as (keyof typeof SOCIAL_NAMES)[]).filter((name) =>
    /^https?:\/\//.test(social[name]),
  );
  if (links.length === 0) return null;
  return (
    <ul aria-label="Follow us" className="mt-4 flex flex-wrap gap-3">
      {links.map((name) => (
        <li key={name}>
          <a href={social[name]} rel="noopener noreferrer" target="_blank" className={linkClass}>
            {SOCIAL_NAMES[name]}
          </a>
        </li>
      ))}
    </ul>
  );
}

const linkClass =
  'rounded-sm text-sm text-muted-foreground hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-primary';

/** Seed 001 §2 footer. The subscribe box records the sign-up in the engine (content/SubscribeForm). */
export function Footer() {
  const { brand } = useBrand();
  const phone = brand.contact.phone || DEFAULT_BRAND.contact.phone;
  const year = new Date().getFullYear();

  return (
    <footer className="border-t border-border bg-subtle">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold">{brand.name}</p>
          <p className="mt-3 text-sm text-muted-foreground">
            Search and compare flights from hundreds of airlines, and book with travel experts ready to help whenever
            you need them.
          </p>
          <p className="mt-4 text-sm">
            Need help?{' '}
            <a href={telHref(phone)} className="font-semibold text-primary-text hover:underline">
              Call {phone}
            </a>
          </p>
        </div>

        <nav aria-label="Information">
          <h2 className="text-sm font-semibold tracking-wide uppercase">Information</h2>
          <ul className="mt-3 grid gap-2">
            <li>
              <Link className={linkClass} to="/about">
                About
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/contact">
                Contact
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/faq">
                FAQs
              </Link>
            </li>
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-semibold tracking-wide uppercase">Contact</h2>
          <address className="mt-3 grid gap-2 text-sm text-muted-foreground not-italic">
            <span className="font-semibold text-foreground">{brand.name}</span>
            <a href={telHref(phone)} className="inline-flex items-center gap-2 hover:underline">
              <Phone className="h-4 w-4 shrink-0" aria-hidden /> {phone}
            </a>
            <a
              href={`mailto:${brand.contact.email}`}
              className="inline-flex items-center gap-2 break-all hover:underline"
            >
              <Mail className="h-4 w-4 shrink-0" aria-hidden /> {brand.contact.email}
            </a>
            {brand.contact.address && (
              <span className="inline-flex items-start gap-2">
                <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden /> {brand.contact.address}
              </span>
            )}
          </address>
          <SocialLinks social={brand.social} />
        </div>

        <div>
          <h2 className="text-sm font-semibold tracking-wide uppercase">Subscribe</h2>
          <p className="mt-3 text-sm text-muted-foreground">
            Leave your email for fare alerts: we note it, but send no deal emails yet.
          </p>
          <Suspense fallback={<div className="mt-3 h-10" />}>
            <SubscribeForm />
          </Suspense>
          <p className="mt-4 inline-flex items-center gap-2 rounded-full border border-border bg-background px-3 py-1 text-xs font-semibold">
            <Award className="h-4 w-4 text-primary-text" aria-hidden /> Accredited Travel Agency
          </p>
        </div>
      </div>

      <div className="border-t border-border">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm text-muted-foreground sm:px-6 lg:flex-row lg:items-center lg:justify-between">
          <div>
            <p>
              © {year} {brand.name}. All rights reserved.
            </p>
            <p>Customer service hours: {brand.hours.office}.</p>
          </div>
          <nav aria-label="Legal" className="flex flex-wrap gap-x-4 gap-y-2">
            <Link className={linkClass} to="/privacy">
              Privacy
            </Link>
            <Link className={linkClass} to="/terms">
              Terms
            </Link>
            <Link className={linkClass} to="/cookies">
              Cookies
            </Link>
            <Link className={linkClass} to="/cancellation-policy">
              Cancellation Policy
            </Link>
          </nav>
        </div>
      </div>
    </footer>
  );
}
