import { useEffect, useState } from 'react';

/** Timers run at most this far ahead: a longer delay overflows the browser's 32-bit timer. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * True once `expiresAt` has passed, turning true at that moment while the page stays open (issue
 * 33: an offer held for 25 minutes stops being bookable when they are over, without a new check).
 */
export function useOfferExpiry(expiresAt: string | null | undefined): boolean {
  const at = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  // The expiry that has passed: a later answer with a new expiry is bookable again.
  const [passedAt, setPassedAt] = useState<number | null>(null);
  useEffect(() => {
    if (!Number.isFinite(at)) return;
    const left = Math.max(0, at - Date.now());
    if (left > LONGEST_TIMER_MS) return;
    const timer = window.setTimeout(() => setPassedAt(at), left);
    return () => window.clearTimeout(timer);
  }, [at]);
  return Number.isFinite(at) && passedAt === at;
}
