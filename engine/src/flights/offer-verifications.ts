import { hasDeparted, type FlightOffer } from '@contrail/shared';
import type { Clock } from '../clock.js';
import type { SqlClient } from '../storage/sql.js';
import { FlightProviderError, type ProviderErrorKind } from './provider.js';

/** However many clients poll verify-offer, the provider hears about one offer once per 10 seconds. */
export const VERIFY_WINDOW_MS = 10_000;

/** What the provider last said about an offer, and when (clock milliseconds). */
export type Verification =
  { at: number; offer: FlightOffer } | { at: number; failure: { kind: ProviderErrorKind; message: string } };

/** Where verifications are kept: per process by default, in SQL so that engines and workers share them. */
export interface VerificationStore {
  read(offerId: string): Promise<Verification | undefined>;
  write(offerId: string, verification: Verification): Promise<void>;
}

/**
 * The verify-offer result cache, used by the verify-offer route and the recheck-offer job: an offer
 * verified (or found gone) within the window is answered from the store without asking the
 * provider, so a worker's recheck is what the next poll answers. Concurrent callers in one process
 * share one provider call; processes sharing a store each call at most once per window.
 */
export class OfferVerifications {
  readonly #loading = new Map<string, Promise<Verification>>();

  constructor(
    private readonly clock: Clock,
    private readonly store: VerificationStore = new MemoryVerificationStore(),
    private readonly windowMs = VERIFY_WINDOW_MS,
  ) {}

  /**
   * The offer as verified within the window, else as the provider says now; throws the provider's
   * refusal, and `offer_unavailable` once the offer's first flight has left (whatever its expiry says).
   */
  async verify(offerId: string, load: () => Promise<FlightOffer>): Promise<FlightOffer> {
    let loading = this.#loading.get(offerId);
    if (!loading) {
      loading = this.#verification(offerId, load).finally(() => this.#loading.delete(offerId));
      this.#loading.set(offerId, loading);
    }
    const verification = await loading;
    if ('offer' in verification) {
      if (hasDeparted(verification.offer, this.clock.now()))
        throw new FlightProviderError('offer_unavailable', 'The first flight of this offer has already left');
      return verification.offer;
    }
    throw new FlightProviderError(verification.failure.kind, verification.failure.message);
  }

  async #verification(offerId: string, load: () => Promise<FlightOffer>): Promise<Verification> {
    const kept = await this.store.read(offerId);
    if (kept && this.clock.now().getTime() - kept.at < this.windowMs) return kept;
    let verification: Verification;
    try {
      verification = { at: this.clock.now().getTime(), offer: await load() };
    } catch (error) {
      const kind = error instanceof FlightProviderError ? error.kind : 'unavailable';
      const message = error instanceof Error ? error.message : String(error);
      verification = { at: this.clock.now().getTime(), failure: { kind, message } };
    }
    await this.store.write(offerId, verification);
    return verification;
  }
}

/** One process's verifications, bounded. */
export class MemoryVerificationStore implements VerificationStore {
  readonly #entries = new Map<string, Verification>();

  constructor(private readonly maxEntries = 10_000) {}

  read(offerId: string): Promise<Verification | undefined> {
    return Promise.resolve(this.#entries.get(offerId));
  }

  write(offerId: string, verification: Verification): Promise<void> {
    this.#entries.delete(offerId);
    while (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(offerId, verification);
    return Promise.resolve();
  }
}

/** Verifications older than this are deleted when another is written. */
const KEPT_MS = 3_600_000;

/** Verifications in the engine's database, shared by every engine and worker on it. */
export class SqlVerificationStore implements VerificationStore {
  constructor(private readonly sql: SqlClient) {}

  async read(offerId: string): Promise<Verification | undefined> {
    const { rows } = await this.sql.query<{
      checked_at: string;
      offer: FlightOffer | null;
      failure: { kind: ProviderErrorKind; message: string } | null;
    }>('SELECT checked_at, offer, failure FROM offer_verifications WHERE offer_id = $1', [offerId]);
    const row = rows[0];
    const at = Number(row?.checked_at);
    if (row?.offer) return { at, offer: row.offer };
    return row?.failure ? { at, failure: row.failure } : undefined;
  }

  async write(offerId: string, verification: Verification): Promise<void> {
    const offer = 'offer' in verification ? JSON.stringify(verification.offer) : null;
    const failure = 'failure' in verification ? JSON.stringify(verification.failure) : null;
    await this.sql.query(
      `INSERT INTO offer_verifications (offer_id, checked_at, offer, failure) VALUES ($1, $2, $3::jsonb, $4::jsonb)
       ON CONFLICT (offer_id) DO UPDATE SET checked_at = EXCLUDED.checked_at, offer = EXCLUDED.offer, failure = EXCLUDED.failure
       WHERE offer_verifications.checked_at <= EXCLUDED.checked_at`,
      [offerId, verification.at, offer, failure],
    );
    await this.sql.query('DELETE FROM offer_verifications WHERE checked_at < $1', [verification.at - KEPT_MS]);
  }
}
