import { useEffect, useState } from 'react';

/**
 * Whether the element has come within `margin` of the viewport, once (it then stays true): work
 * for a part further down the page waits until the visitor heads there. True at once where the
 * browser cannot tell (no IntersectionObserver). The element comes from a callback ref held in
 * state, so one that appears after the first render is watched too.
 */
export function useNearViewport(element: Element | null, margin = '400px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, element, margin]);
  return near;
}
