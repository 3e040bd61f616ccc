import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element has come within `margin` of the viewport, once (it then stays true): work
 * for a part further down the page waits until the visitor heads there. True at once where the
 * browser cannot tell (no IntersectionObserver).
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '400px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref, margin]);
  return near;
}
