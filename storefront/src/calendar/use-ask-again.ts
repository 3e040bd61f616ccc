import { useEffect, useRef } from 'react';

/** Asks again while cells are pending; each answer searches the next few days, so a calendar fills in a few rounds. */
const ASK_AGAIN_MS = 800;
const MOST_ROUNDS = 20;

/** Refetches a calendar answer while it says days are pending, a bounded number of times. */
export function useAskAgain(pending: number, isFetching: boolean, refetch: () => unknown): void {
  const rounds = useRef(0);
  useEffect(() => {
    if (pending === 0 || isFetching || rounds.current >= MOST_ROUNDS) return;
    const timer = setTimeout(() => {
      rounds.current += 1;
      void refetch();
    }, ASK_AGAIN_MS);
    return () => clearTimeout(timer);
  }, [pending, isFetching, refetch]);
}
