import { cardAttemptsLimitedMessage, RATE_LIMITED } from '@contrail/shared/booking/card-attempts';
import type { Request, RequestHandler } from 'express';
import { MemoryStore, type Options, type Store } from 'express-rate-limit';
import { addressOf, type RateLimitStoreFactory } from '../../accounts/rate-limits.js';
import {
  attemptVerdict,
  countersOf,
  refundedUnits,
  reservedUnits,
  type CardAttemptLimits,
  type CardAttemptScope,
  type ScopedCounter,
} from './card-attempts.js';

/** POST /api/payments/process-card's limit: `reserve` before the card is asked, `charge` once its answer is known. */
export interface CardAttemptLimiter {
  /** Reserves a decline's cost per address, account and offer, or answers 429 with Retry-After. */
  reserve: RequestHandler;
  /**
   * Gives back what the answer did not cost (all but 1 unless it was a decline), before it is sent.
   * Never throws: a counter that cannot be reached must not turn a card's answer into an error.
   */
  charge(req: Request, status: number): Promise<void>;
}

const offerOf = (req: Request): string | undefined => {
  const offerId: unknown = (req.body as { offerId?: unknown } | undefined)?.offerId;
  if (typeof offerId !== 'string' || offerId.trim() === '') return undefined;
  return `${req.brandKey ?? ''}:${offerId.trim().slice(0, 200)}`;
};

/**
 * Counters in the shared rate-limit stores (accounts/rate-limits.ts): Redis when REDIS_URL is set,
 * so every engine counts together; in this process's memory without.
 */
export function cardAttemptLimiter(limits: CardAttemptLimits, stores?: RateLimitStoreFactory): CardAttemptLimiter {
  const open = (name: string): Store => {
    const store = stores?.(name) ?? new MemoryStore();
    // The only option the stores read; one that cannot start fails its first count instead (a 503).
    void Promise.resolve(store.init?.({ windowMs: limits.windowMs } as Options)).catch(() => {});
    return store;
  };
  const store: Record<CardAttemptScope, Store> = {
    address: open('card-address'),
    session: open('card-session'),
    offer: open('card-offer'),
  };
  const reserved = new WeakMap<Request, ScopedCounter[]>();
  const giveBack = (units: number, counters: ScopedCounter[]) =>
    Promise.all(counters.flatMap(({ scope, key }) => Array.from({ length: units }, () => store[scope].decrement(key))));

  const reserve: RequestHandler = async (req, res, next) => {
    const counters = countersOf({ address: addressOf(req), account: req.user?.id, offer: offerOf(req) }, limits);
    const units = reservedUnits(limits);
    const counted = await Promise.all(
      counters.map(async ({ scope, key, limit }) => {
        const hits = await Promise.all(Array.from({ length: units }, () => store[scope].increment(key)));
        const last = hits.reduce((most, hit) => (hit.totalHits > most.totalHits ? hit : most));
        return { limit, spent: last.totalHits, resetsAt: last.resetTime?.getTime() ?? Date.now() + limits.windowMs };
      }),
    );
    const verdict = attemptVerdict(counted, Date.now());
    if (verdict.allowed) {
      reserved.set(req, counters);
      next();
      return;
    }
    // A refused attempt reached no card processor: it costs nothing.
    await giveBack(units, counters);
    // In the shape of process-card's other refusals (processCardResponseSchema).
    res
      .status(429)
      .set('Retry-After', String(verdict.retryAfterSeconds))
      .json({ success: false, error: RATE_LIMITED, message: cardAttemptsLimitedMessage(verdict.retryAfterSeconds) });
  };

  async function charge(req: Request, status: number): Promise<void> {
    await giveBack(refundedUnits(status, limits), reserved.get(req) ?? []).catch((error: unknown) =>
      req.log?.warn({ err: error }, 'could not give back what a card attempt did not cost'),
    );
  }

  return { reserve, charge };
}
