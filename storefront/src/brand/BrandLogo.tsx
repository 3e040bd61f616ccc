import Plane from 'lucide-react/icons/plane';
import { useState } from 'react';
import { useBrand } from './brand-context';

/** The brand's logo at most 40 px high (seed 000 §9); its name beside a plane mark when there is none or it fails to load. */
export function BrandLogo() {
  const { brand } = useBrand();
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  if (brand.logo && failedLogo !== brand.logo) {
    return (
      <img
        src={brand.logo}
        alt={brand.name}
        onError={() => setFailedLogo(brand.logo)}
        className="h-auto max-h-10 w-auto max-w-[180px] object-contain"
      />
    );
  }
  return (
    <span className="inline-flex items-center gap-2 text-xl font-bold text-primary-text">
      <span className="inline-flex h-8 w-8 items-center justify-center rounded-full bg-primary-surface text-primary-foreground">
        <Plane className="h-4 w-4" aria-hidden />
      </span>
      {brand.name}
    </span>
  );
}
