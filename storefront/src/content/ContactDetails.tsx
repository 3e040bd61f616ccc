import { POLICY } from '@contrail/shared/content/policy';
import { useBrandContact } from './use-brand-contact';

/** The brand's contact block for the end of each policy. */
export function ContactDetails() {
  const brand = useBrandContact();
  return (
    <address className="mt-3 grid gap-1 rounded-xl border border-border bg-subtle p-4 not-italic">
      <strong>{brand.name}</strong>
      {brand.address && <span>{brand.address}</span>}
      <span>
        Email: <a href={`mailto:${brand.email}`}>{brand.email}</a> (we reply {POLICY.emailResponse})
      </span>
      <span>
        Phone: <a href={brand.phoneHref}>{brand.phone}</a> ({brand.hours.phone})
      </span>
    </address>
  );
}
