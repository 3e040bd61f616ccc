import { useEffect, useState } from 'react';
import { useNearViewport } from './use-near-viewport';
import { whenTheVisitorActs } from './when-the-visitor-acts';

/**
 * Whether a part below the first screen is needed soon: its place is in view, or the visitor has
 * started to move, press or scroll (then it loads while they head there). A visit that only looks
 * loads none of it (issue 38: no chunk before interaction that the first screen does not use).
 */
export function useNeededSoon(place: Element | null): boolean {
  const inView = useNearViewport(place, '0px');
  const [acted, setActed] = useState(false);
  useEffect(() => whenTheVisitorActs(() => setActed(true)), []);
  return inView || acted;
}
