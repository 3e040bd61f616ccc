import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `count` parts to show: `first` at once, then `step` more per frame, each in a
 * transition. The page's first commit (and its layout) then holds its first screen only, and each
 * later part is its own short task with its own layout, rather than one long task for the whole
 * list (Lighthouse's Total Blocking Time). Waiting for a frame between steps keeps the browser from
 * laying out several steps at once. Once all are shown, a longer list shows whole at once.
 */
export function useGrowingCount(count: number, first: number, step: number): number {
  const [shown, setShown] = useState(first);
  useEffect(() => {
    if (shown >= count) return;
    let timer: number | undefined;
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setShown((now) => now + step)), 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [shown, count, step]);
  return shown >= count ? count : shown;
}
