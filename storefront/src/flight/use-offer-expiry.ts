import { useEffect, useState } from 'react';

/** Timers run at most this far ahead: a longer delay overflows the browser's 32-bit timer. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * True once `expiresAt` has passed, turning true at that moment while the page stays open (issue
 * 33: an offer held for 25 minutes stops being bookable when they are over, without a new check).
 */
export function useOfferExpiry(expiresAt: string | null | undefined): boolean {
  const at = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  const [passed, setPassed] = useState(() => Number.isFinite(at) && at <= Date.now());
  useEffect(() => {
    if (!Number.isFinite(at)) {
      setPassed(false);
      return;
    }
    const left = at - Date.now();
    setPassed(left <= 0);
    if (left <= 0 || left > LONGEST_TIMER_MS) return;
    const timer = window.setTimeout(() => setPassed(true), left);
    return () => window.clearTimeout(timer);
  }, [at]);
  return passed;
}
