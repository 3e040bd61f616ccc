import {
  isTotpCode,
  normalizeSecondFactorCode,
  SECOND_STEP_WINDOW_MS,
  type Enrolment,
} from '@contrail/shared/accounts/two-factor';
import type { Clock } from '../../clock.js';
import type { SqlClient } from '../../storage/sql.js';
import { qrCodeSvg } from './qr-code.js';
import { newRecoveryCodes, recoveryCodeHasher } from './recovery-codes.js';
import { secretSeal, type SecretSeal } from './sealed-secret.js';
import { matchingStep, newTotpSecret, otpauthUrl } from './totp.js';
import { TwoFactorStore } from './two-factor-store.js';

export type TwoFactorProblem = 'alreadyEnabled' | 'notEnabled' | 'noPendingEnrolment' | 'invalidCode';

/** A refusal the routes turn into a 4xx. */
export class TwoFactorError extends Error {
  constructor(readonly problem: TwoFactorProblem) {
    super(problem);
    this.name = 'TwoFactorError';
  }
}

export interface TwoFactorState {
  enabledAt: Date | undefined;
  recoveryCodesLeft: number;
}

/** Enrolment, codes and recovery codes of one account: the rules over the store. */
export class TwoFactor {
  readonly store: TwoFactorStore;
  private readonly seal: SecretSeal;
  private readonly hashCode: (code: string) => string;

  constructor(
    sql: SqlClient,
    sessionSecret: string,
    private readonly clock: Clock,
  ) {
    this.store = new TwoFactorStore(sql);
    this.seal = secretSeal(sessionSecret);
    this.hashCode = recoveryCodeHasher(sessionSecret);
  }

  async state(userId: string): Promise<TwoFactorState> {
    const row = await this.store.find(userId);
    const enabledAt = row?.enabledAt ?? undefined;
    return { enabledAt, recoveryCodesLeft: enabledAt ? await this.store.unusedRecoveryCodes(userId) : 0 };
  }

  async isEnabled(userId: string): Promise<boolean> {
    return (await this.store.find(userId))?.enabledAt != null;
  }

  /** A new secret, kept sealed and pending until a code from it confirms it. */
  async startEnrolment(userId: string, issuer: string, account: string): Promise<Enrolment> {
    if (await this.isEnabled(userId)) throw new TwoFactorError('alreadyEnabled');
    const secret = newTotpSecret();
    const expiresAt = new Date(this.clock.now().getTime() + 2 * SECOND_STEP_WINDOW_MS);
    await this.store.savePending(userId, this.seal.seal(userId, secret), expiresAt);
    const url = otpauthUrl(secret, issuer, account);
    return { secret, otpauthUrl: url, qrSvg: await qrCodeSvg(url) };
  }

  /** Enables two-factor authentication with the pending secret; answers the recovery codes, shown once. */
  async confirmEnrolment(userId: string, typedCode: string): Promise<string[]> {
    const row = await this.store.find(userId);
    if (row?.enabledAt) throw new TwoFactorError('alreadyEnabled');
    const now = this.clock.now();
    if (!row?.pendingSecret || !row.pendingExpiresAt || row.pendingExpiresAt <= now) {
      throw new TwoFactorError('noPendingEnrolment');
    }
    const secret = this.seal.open(userId, row.pendingSecret);
    const step = matchingStep(secret, normalizeSecondFactorCode(typedCode), now);
    if (step === undefined) throw new TwoFactorError('invalidCode');
    const codes = newRecoveryCodes();
    const enabled = await this.store.enable(userId, row.pendingSecret, step, codes.map(this.hashCode), now);
    if (!enabled) throw new TwoFactorError('alreadyEnabled');
    return codes;
  }

  /** True when `typedCode` is a current, unused code or an unused recovery code; it is then used up. */
  async verify(userId: string, typedCode: string): Promise<boolean> {
    const code = normalizeSecondFactorCode(typedCode);
    const row = await this.store.find(userId);
    if (!row?.enabledAt || !row.sealedSecret) return false;
    const now = this.clock.now();
    if (!isTotpCode(code)) return this.store.useRecoveryCode(userId, this.hashCode(code), now);
    const step = matchingStep(this.seal.open(userId, row.sealedSecret), code, now);
    return step !== undefined && (await this.store.useStep(userId, step));
  }

  /** Throws invalidCode unless verify() passes. */
  async requireCode(userId: string, typedCode: string): Promise<void> {
    if (!(await this.isEnabled(userId))) throw new TwoFactorError('notEnabled');
    if (!(await this.verify(userId, typedCode))) throw new TwoFactorError('invalidCode');
  }

  async regenerateRecoveryCodes(userId: string): Promise<string[]> {
    const codes = newRecoveryCodes();
    await this.store.replaceRecoveryCodes(userId, codes.map(this.hashCode));
    return codes;
  }

  async disable(userId: string): Promise<void> {
    await this.store.remove(userId);
  }
}
