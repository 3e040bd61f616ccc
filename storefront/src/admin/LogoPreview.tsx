import ImageOff from 'lucide-react/icons/image-off';
import { useEffect, useState } from 'react';

type Failure = 'blocked' | 'unloadable';

/** The origin of an absolute logo address; none for a path on this site. */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Whether the Content-Security-Policy refused this address: the browser reports it on the document
 * (a failed image alone does not say why).
 */
function useBlockedByPolicy(url: string): boolean {
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    const heard = (event: SecurityPolicyViolationEvent) => {
      // Browsers may report the whole address or only its origin.
      const same = event.blockedURI === url || (originOf(url) !== null && originOf(event.blockedURI) === originOf(url));
      if (event.effectiveDirective.startsWith('img-src') && same) setBlocked(true);
    };
    document.addEventListener('securitypolicyviolation', heard);
    return () => document.removeEventListener('securitypolicyviolation', heard);
  }, [url]);
  return blocked;
}

function FailureText({ failure, url }: { failure: Failure; url: string }) {
  if (failure === 'unloadable') {
    return <>The logo could not be loaded from this address; the header will show the brand name.</>;
  }
  return (
    <>
      This site&apos;s Content-Security-Policy does not allow images from {originOf(url) ?? url}, so browsers will not
      show this logo. Add that origin to <code className="font-mono">CSP_IMAGE_SOURCES</code> in the engine&apos;s
      settings and restart it, or put the logo on this site and give its path (like /logos/brand.svg).
    </>
  );
}

/** The logo as the header will show it, or why it cannot be. */
export function LogoPreview({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  const blocked = useBlockedByPolicy(url);
  if (!url.trim()) return <p className="text-xs text-muted-foreground">No logo: the header shows the brand name.</p>;
  const failure: Failure | null = blocked ? 'blocked' : failed ? 'unloadable' : null;
  return (
    <div className="flex min-h-14 items-center gap-3 rounded-[var(--radius)] border border-dashed border-border bg-subtle p-2">
      {failure ? (
        <p role="status" className="flex items-start gap-2 text-sm text-destructive-text">
          <ImageOff className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>
            <FailureText failure={failure} url={url} />
          </span>
        </p>
      ) : (
        <img
          src={url}
          alt="Logo preview"
          onError={() => setFailed(true)}
          className="h-auto max-h-10 w-auto max-w-[180px] object-contain"
        />
      )}
    </div>
  );
}
