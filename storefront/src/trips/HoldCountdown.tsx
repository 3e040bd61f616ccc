import { countdownText } from '@contrail/shared/booking/hold';
import { useEffect, useState } from 'react';

/** The time left before `deadline`, ticking every second; `expired` once it passed. */
export function HoldCountdown({ deadline, expired }: { deadline: string; expired: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const left = countdownText(deadline, now);
  return <span className="font-semibold tabular-nums">{left ?? expired}</span>;
}
