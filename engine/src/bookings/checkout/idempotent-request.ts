import { isRefusalCode } from '@contrail/shared/booking/refusal-codes';
import { Refusal } from '../domain/refusals.js';
import { requestHash, type RequestLedger, type StoredRequest } from './request-ledger.js';
import { sleep } from '@contrail/shared/time/sleep';

const IDEMPOTENCY_KEY = /^[\w.:-]{8,200}$/;
const POLL_MS = 100;
/** A runner refreshes its claim this often; a claim untouched for LEASE_MS belongs to a dead process. */
const HEARTBEAT_MS = 1_000;
const LEASE_MS = 5_000;

/** How a request ends for its key; the work calls exactly one, once. */
export interface Settle {
  /** This answer is the key's for good: every repeat gets it. */
  keep(status: number, body: object): Promise<void>;
  /** A refusal is the key's answer for good: every repeat gets it thrown again. */
  refuse(refusal: Refusal): Promise<void>;
  /** The work may go on: the next repeat resumes it. */
  resume(): Promise<void>;
  /** Nothing happened: the next repeat starts afresh. */
  forget(): Promise<void>;
}

export interface IdempotentRequest<Answer> {
  ledger: RequestLedger;
  brandKey: string;
  key: string;
  body: unknown;
  /** The ledger's own columns for a new claim (the booking id it is for). */
  columns?: Record<string, unknown>;
  /** How long a repeat waits for a running first request before answering REQUEST_IN_PROGRESS. */
  waitMs: number;
  /** What the key is for, in the refusals' words: "booking request", "payment". */
  what: string;
  /** The work, under the claim; `resumed`: the claim taken over (undefined for a new one). */
  run(settle: Settle, resumed: StoredRequest | undefined): Promise<Answer>;
  /** A repeat of a key whose answer is kept (a refusal is thrown again before this is asked). */
  replay(kept: StoredRequest): Promise<Answer>;
}

/** The Idempotency-Key as sent, checked; a refusal names the header. */
export function checkedKey(key: string): string {
  if (!IDEMPOTENCY_KEY.test(key))
    throw new Refusal('INVALID_IDEMPOTENCY_KEY', 'Idempotency-Key: use 8 to 200 letters, digits, _ . : -');
  return key;
}

/**
 * The Idempotency-Key pattern over a ledger in shared storage, for process-card and the booking
 * request alike: claim the key; the same key with another body is refused; a repeat waits for the
 * first answer and gets it again, or takes over a claim left pending or whose process died, and
 * runs the work itself. The work settles the key (keep, refuse, resume or forget).
 */
export async function idempotentRequest<Answer>(request: IdempotentRequest<Answer>): Promise<Answer> {
  const { ledger, brandKey, key } = request;
  const hash = requestHash(request.body);
  const deadline = Date.now() + request.waitMs;
  for (;;) {
    const earlier = await ledger.claim(brandKey, key, hash, request.columns);
    if (!earlier) return runClaimed(request, undefined);
    if (earlier.requestHash !== hash)
      throw new Refusal(
        'IDEMPOTENCY_KEY_REUSED',
        `This Idempotency-Key was already used for a different ${request.what}`,
      );
    const turn = await awaitTurn(request, deadline);
    if (turn === 'forgotten') continue;
    if (turn.state === 'done') return replayed(request, turn);
    return runClaimed(request, turn);
  }
}

/** The key's stored row once its answer is kept or this request took it over; 'forgotten' once it is gone. */
async function awaitTurn<Answer>(
  { ledger, brandKey, key, what }: IdempotentRequest<Answer>,
  deadline: number,
): Promise<StoredRequest | 'forgotten'> {
  for (;;) {
    const current = await ledger.get(brandKey, key);
    if (!current) return 'forgotten';
    if (current.state === 'done') return current;
    if (await ledger.takeOver(brandKey, key, LEASE_MS)) return current;
    if (Date.now() >= deadline)
      throw new Refusal('REQUEST_IN_PROGRESS', `A ${what} with this Idempotency-Key is still being processed`);
    await sleep(POLL_MS);
  }
}

function runClaimed<Answer>(request: IdempotentRequest<Answer>, resumed: StoredRequest | undefined): Promise<Answer> {
  const { ledger, brandKey, key } = request;
  const settle: Settle = {
    keep: (status, body) => ledger.finish(brandKey, key, status, body),
    refuse: (refusal) => ledger.finish(brandKey, key, refusal.status, { refusal: keptRefusal(refusal) }),
    resume: () => ledger.release(brandKey, key),
    forget: () => ledger.forget(brandKey, key),
  };
  return whileClaimed(request, () => request.run(settle, resumed));
}

/** Runs `work` while refreshing the claim every HEARTBEAT_MS, so repeats know its runner is alive. */
async function whileClaimed<T>(
  { ledger, brandKey, key }: IdempotentRequest<unknown>,
  work: () => Promise<T>,
): Promise<T> {
  const timer = setInterval(() => void ledger.heartbeat(brandKey, key).catch(() => {}), HEARTBEAT_MS);
  timer.unref?.();
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

interface KeptRefusal {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

const keptRefusal = ({ code, message, details }: Refusal): KeptRefusal => ({ code, message, details });

function replayed<Answer>(request: IdempotentRequest<Answer>, kept: StoredRequest): Promise<Answer> {
  const refusal = (kept.response as { refusal?: KeptRefusal } | null)?.refusal;
  if (refusal && isRefusalCode(refusal.code)) throw new Refusal(refusal.code, refusal.message, refusal.details);
  return request.replay(kept);
}
