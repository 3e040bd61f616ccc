/**
 * The rules of POST /api/payments/process-card's rate limit (issue 39 item 4), without I/O: who is
 * counted, what an answered attempt costs, and when the next one is refused. Counters live in the
 * shared rate-limit stores (checkout/card-attempt-limiter.ts).
 */

/** Units each scope may spend per window (CARD_LIMIT_* in the README's configuration table). */
export interface CardAttemptLimits {
  windowMs: number;
  perAddress: number;
  /** Per signed-in account, whichever of its sessions and addresses the attempts come from. */
  perSession: number;
  perOffer: number;
  /** What a declined card costs, where any other answer costs 1: card testing is mostly declines. */
  declineWeight: number;
}

export type CardAttemptScope = 'address' | 'session' | 'offer';

/** Who makes an attempt: an address always, an account when signed in, an offer when the body names one. */
export interface CardAttempter {
  address: string;
  account?: string | undefined;
  offer?: string | undefined;
}

export interface ScopedCounter {
  scope: CardAttemptScope;
  key: string;
  limit: number;
}

export function countersOf(attempter: CardAttempter, limits: CardAttemptLimits): ScopedCounter[] {
  return [
    { scope: 'address', key: attempter.address, limit: limits.perAddress },
    ...(attempter.account ? [{ scope: 'session' as const, key: attempter.account, limit: limits.perSession }] : []),
    ...(attempter.offer ? [{ scope: 'offer' as const, key: attempter.offer, limit: limits.perOffer }] : []),
  ];
}

/** A counter once this attempt reserved its first unit: the units spent and when its window ends. */
export interface CounterAfter {
  limit: number;
  spent: number;
  resetsAt: number;
}

export type AttemptVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Refused when any counter went past its limit, until the last of those windows ends (at least 1 s). */
export function attemptVerdict(counters: readonly CounterAfter[], now: number): AttemptVerdict {
  const over = counters.filter((counter) => counter.spent > counter.limit);
  if (over.length === 0) return { allowed: true };
  const waitMs = Math.max(...over.map((counter) => counter.resetsAt - now));
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/** process-card answers a declined card 402 (payments/card-answer.ts). */
const DECLINED = 402;

/**
 * Units an attempt reserves before it runs: the most it can cost, a decline's, so that a burst of
 * attempts in flight together cannot spend more than the limit before their answers are known.
 */
export const reservedUnits = (limits: Pick<CardAttemptLimits, 'declineWeight'>): number => limits.declineWeight;

/** Units given back once the answer is known: a decline keeps its weight, any other answer costs 1. */
export function refundedUnits(status: number, limits: Pick<CardAttemptLimits, 'declineWeight'>): number {
  return status === DECLINED ? 0 : limits.declineWeight - 1;
}
