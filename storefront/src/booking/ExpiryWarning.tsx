import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import { useEffect, useState } from 'react';
import { FLOW_MESSAGES } from './booking-flow';

/** Seed 001 §8 "Offer Expiring Soon", counting down: minutes, then seconds in the last minute. */
export function ExpiryWarning({ expiresAt }: { expiresAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-warning/60 bg-warning/10 px-4 py-3 text-sm"
    >
      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <p>
        <span className="font-semibold">{FLOW_MESSAGES.expiringTitle}: </span>
        {FLOW_MESSAGES.expiring(expiresAt - now)}
      </p>
    </div>
  );
}
