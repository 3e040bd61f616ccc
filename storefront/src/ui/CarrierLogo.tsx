import { useState } from 'react';
import { cn } from './cn';

interface CarrierLogoProps {
  code: string | null;
  name: string;
  logoUrl: string | null;
  className?: string;
}

/**
 * The airline's code in a tile, covered by its logo once the logo has loaded: a slow, blocked or
 * missing image never shows as a broken picture.
 */
export function CarrierLogo({ code, name, logoUrl, className }: CarrierLogoProps) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  return (
    <span
      role="img"
      aria-label={`${name} logo`}
      className={cn(
        'relative flex h-8 w-8 shrink-0 items-center justify-center overflow-hidden rounded-md border border-border bg-subtle text-[10px] font-bold text-muted-foreground',
        className,
      )}
    >
      {code ?? name.slice(0, 2).toUpperCase()}
      {logoUrl && state !== 'failed' && (
        <img
          src={logoUrl}
          alt=""
          className={cn(
            'absolute inset-0 h-full w-full bg-background object-contain p-0.5',
            state === 'loaded' ? 'opacity-100' : 'opacity-0',
          )}
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
        />
      )}
    </span>
  );
}
