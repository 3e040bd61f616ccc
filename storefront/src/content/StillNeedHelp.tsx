import { POLICY } from '@contrail/shared/content/policy';
import Mail from 'lucide-react/icons/mail';
import Phone from 'lucide-react/icons/phone';
import { Link } from 'react-router';
import { buttonClass } from '../ui/button';
import { useBrandContact } from './use-brand-contact';

export function StillNeedHelp() {
  const brand = useBrandContact();
  return (
    <section aria-labelledby="still-need-help" className="mt-12 rounded-xl border border-border bg-subtle p-6 sm:p-8">
      <h2 id="still-need-help" className="text-xl font-bold">
        Still need help?
      </h2>
      <p className="mt-2 text-muted-foreground">
        Our travel experts are available {brand.hours.phone} by phone, and we answer emails {POLICY.emailResponse}.
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <a href={brand.phoneHref} className={buttonClass('primary', 'lg')}>
          <Phone className="h-4 w-4" aria-hidden /> Call {brand.phone}
        </a>
        <Link to="/contact" className={buttonClass('outline', 'lg')}>
          <Mail className="h-4 w-4" aria-hidden /> Contact us
        </Link>
      </div>
    </section>
  );
}
