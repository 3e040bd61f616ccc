/** A delivery is retried for this long after the event, then marked failed (a person may still send it again). */
export const RETRY_WINDOW_MS = 72 * 60 * 60_000;
const FIRST_RETRY_MS = 30_000;
const LONGEST_PAUSE_MS = 6 * 60 * 60_000;

/**
 * When the next try after `attempts` failed ones is due: 30 s, then twice as long each time (up to
 * 6 h), with up to 10% jitter from `random` (0..1); undefined once that is past the 72 hours
 * from `firstDueAt`.
 */
export function nextAttemptAt(firstDueAt: Date, attempts: number, now: Date, random: number): Date | undefined {
  const pause = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_PAUSE_MS);
  const next = new Date(now.getTime() + pause * (1 + random / 10));
  return next.getTime() - firstDueAt.getTime() > RETRY_WINDOW_MS ? undefined : next;
}
