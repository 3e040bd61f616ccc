import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Scrolls to the element named by the URL hash (e.g. /#search) once the page has rendered. */
export function useHashScroll() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView({ block: 'start' });
  }, [hash]);
}
