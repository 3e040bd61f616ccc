const INTENT_EVENTS = ['pointermove', 'pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

/**
 * Runs `act` once, at the visitor's first move of a pointer, press, key or scroll on the page: work
 * the first screen does not need waits until someone is there to need it. Returns the clean-up.
 */
export function whenTheVisitorActs(act: () => void): () => void {
  const options = { capture: true, passive: true } as const;
  const once = () => {
    stop();
    act();
  };
  const stop = () => {
    for (const type of INTENT_EVENTS) document.removeEventListener(type, once, options);
  };
  for (const type of INTENT_EVENTS) document.addEventListener(type, once, options);
  return stop;
}
