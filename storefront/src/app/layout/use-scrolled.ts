import { useEffect, useState } from 'react';

/**
 * Whether the page is scrolled beyond `threshold` px (seed 001 §9: the header notes scrolling
 * beyond 10 px). Where the page already is (scrolled before the app took over the prerendered
 * screen) is read in the next frame, not as the app mounts: reading the scroll position lays out
 * the page at once, which would put the layout of the whole first screen into the task that
 * renders it (Lighthouse's Total Blocking Time) rather than in the frame that paints it.
 */
export function useScrolled(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    const frame = window.requestAnimationFrame(update);
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
    };
  }, [threshold]);
  return scrolled;
}
