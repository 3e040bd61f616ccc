import Headphones from 'lucide-react/icons/headphones';
import Phone from 'lucide-react/icons/phone';
import { telHref } from '../app/layout/nav-links';
import { useBrand } from '../brand/brand-context';

/** The hero's call-now card: the support number as a telephone link. */
export function CallNowCard() {
  const { brand } = useBrand();
  return (
    <a
      href={telHref(brand.contact.phone)}
      className="flex items-center gap-4 rounded-xl bg-background p-4 text-foreground shadow-lg ring-1 ring-border transition hover:shadow-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
    >
      <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-accent-surface text-accent-foreground">
        <Headphones className="h-6 w-6" aria-hidden />
      </span>
      <span className="min-w-0">
        <span className="block text-sm text-muted-foreground">Call now for exclusive phone-only fares</span>
        <span className="flex items-center gap-2 text-lg font-bold text-primary-text">
          <Phone className="h-4 w-4" aria-hidden /> {brand.contact.phone}
        </span>
        <span className="block text-xs text-muted-foreground">Travel experts available {brand.hours.phone}</span>
      </span>
    </a>
  );
}
