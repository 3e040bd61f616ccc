import { useEffect, useState } from 'react';

/**
 * The value once it has stopped changing for `ms`: a slider dragged across its range asks the
 * engine once, for where it stops, not for every step on the way.
 */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return;
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, settled, ms]);
  return settled;
}
