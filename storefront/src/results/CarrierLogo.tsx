import { useState } from 'react';
import { cn } from '../ui/cn';

interface CarrierLogoProps {
  code: string | null;
  name: string;
  logoUrl: string | null;
  className?: string;
}

/** The airline's logo, or its code in a tile when there is no logo or it fails to load. */
export function CarrierLogo({ code, name, logoUrl, className }: CarrierLogoProps) {
  const [failed, setFailed] = useState(false);
  const box = cn(
    'flex h-8 w-8 shrink-0 items-center justify-center overflow-hidden rounded-md border border-border bg-background',
    className,
  );
  if (logoUrl && !failed) {
    return (
      <span className={box}>
        <img
          src={logoUrl}
          alt={`${name} logo`}
          className="h-full w-full object-contain p-0.5"
          loading="lazy"
          onError={() => setFailed(true)}
        />
      </span>
    );
  }
  return (
    <span
      className={cn(box, 'bg-subtle text-[10px] font-bold text-muted-foreground')}
      role="img"
      aria-label={`${name} logo`}
    >
      {code ?? name.slice(0, 2).toUpperCase()}
    </span>
  );
}
