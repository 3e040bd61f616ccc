import { TOTP_DIGITS, TOTP_DRIFT_STEPS, TOTP_PERIOD_SECONDS } from '@contrail/shared/accounts/two-factor';
import { Secret, TOTP } from 'otpauth';

/** 160 random bits (RFC 4226's recommended length for SHA-1), as Base32 for the app. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secretBase32: string, digits: number, label?: { issuer: string; account: string }): TOTP {
  return new TOTP({
    secret: Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits,
    period: TOTP_PERIOD_SECONDS,
    ...(label && { issuer: label.issuer, label: label.account }),
  });
}

/** The code of the step holding `at` (8 digits only for RFC 6238's test vectors). */
export function totpCodeAt(secretBase32: string, at: Date, digits = TOTP_DIGITS): string {
  return totpOf(secretBase32, digits).generate({ timestamp: at.getTime() });
}

/** The time step (seconds since the epoch / 30) a moment falls in. */
export function totpStepAt(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The step whose code `code` is, within one step of `at` either way (clock drift), or undefined.
 * The caller refuses a step already used, so a code works once.
 */
export function matchingStep(secretBase32: string, code: string, at: Date, digits = TOTP_DIGITS): number | undefined {
  const delta = totpOf(secretBase32, digits).validate({
    token: code,
    timestamp: at.getTime(),
    window: TOTP_DRIFT_STEPS,
  });
  return delta === null ? undefined : totpStepAt(at) + delta;
}

/** The otpauth:// URI authenticator apps scan (Key URI Format). */
export function otpauthUrl(secretBase32: string, issuer: string, account: string): string {
  return totpOf(secretBase32, TOTP_DIGITS, { issuer, account }).toString();
}
