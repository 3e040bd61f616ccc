import { z } from 'zod';
import { accountMessages, authAnswerSchema, PASSWORD_MAX, signedInAnswerSchema } from './schemas.js';

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** A code of the step before or after the current one is accepted too (clock drift). */
export const TOTP_DRIFT_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
/** How long the password step of a sign-in waits for its second step. */
export const SECOND_STEP_WINDOW_MS = 5 * 60_000;

/** The role a traveller has; every other role is staff. */
export const TRAVELLER_ROLE = 'traveller';

/**
 * Who must use two-factor authentication (TWO_FACTOR_REQUIRED): every staff role, or travellers too.
 * `nobody` is for development and tests only (the engine refuses it with NODE_ENV=production).
 */
export const twoFactorRequirements = ['staff', 'everyone', 'nobody'] as const;
export type TwoFactorRequirement = (typeof twoFactorRequirements)[number];

/**
 * The one rule: every role other than traveller (platform admin, brand admin, support agent,
 * auditor, and any role added later) must use two-factor authentication; travellers too when the
 * platform requires it of everyone.
 */
export function twoFactorRequired(role: string, requirement: TwoFactorRequirement): boolean {
  if (requirement === 'nobody') return false;
  return role !== TRAVELLER_ROLE || requirement === 'everyone';
}

export const twoFactorMessages = {
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code',
  totpCodeFormat: 'Enter the 6-digit code from your authenticator app',
  invalidCode: 'That code is not valid. Check your authenticator app and try again.',
  codeRequiredAtSignIn: 'Enter the code from your authenticator app to finish signing in.',
  enrolmentRequiredAtSignIn: 'Your role requires two-factor authentication. Set it up to finish signing in.',
  noPendingSignIn: 'Your sign-in has expired. Please sign in with your password again.',
  noPendingEnrolment: 'Start the setup again: scan a new QR code.',
  alreadyEnabled: 'Two-factor authentication is already enabled',
  notEnabled: 'Two-factor authentication is not enabled',
  requiredForRole: 'Two-factor authentication is required for your account and cannot be turned off',
  enabled: 'Two-factor authentication is enabled',
  disabled: 'Two-factor authentication is turned off',
  recoveryCodesRegenerated: 'New recovery codes made; the old ones no longer work',
  wrongPassword: 'Password is incorrect',
  tooManyAttempts: 'Too many failed codes. Please try again in 15 minutes.',
} as const;

/** The `code` of the engine's error answers. */
export const twoFactorErrorCodes = {
  invalidCode: 'INVALID_TWO_FACTOR_CODE',
  noPendingSignIn: 'NO_PENDING_SIGN_IN',
  noPendingEnrolment: 'NO_PENDING_ENROLMENT',
  alreadyEnabled: 'TWO_FACTOR_ALREADY_ENABLED',
  notEnabled: 'TWO_FACTOR_NOT_ENABLED',
  requiredForRole: 'TWO_FACTOR_REQUIRED',
} as const;

/** Recovery codes: 10 characters of an alphabet without look-alikes, shown as two groups of five. */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_CODE = /^[a-z0-9]{10}$/;
const TOTP_CODE = /^\d{6}$/;

/** What a person types, as the engine compares it: lower case, no spaces or dashes. */
export function normalizeSecondFactorCode(typed: string): string {
  return typed.replace(/[\s-]/g, '').toLowerCase();
}

export const isTotpCode = (code: string): boolean => TOTP_CODE.test(code);
export const isRecoveryCodeShape = (code: string): boolean => RECOVERY_CODE.test(code);

/** "abcde-fghjk": how a recovery code is shown. */
export function formatRecoveryCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

const anyCode = z
  .string({ error: twoFactorMessages.codeRequired })
  .max(40, twoFactorMessages.codeRequired)
  .transform(normalizeSecondFactorCode)
  .refine((code) => isTotpCode(code) || isRecoveryCodeShape(code), twoFactorMessages.codeRequired);

const totpCode = z
  .string({ error: twoFactorMessages.totpCodeFormat })
  .max(40, twoFactorMessages.totpCodeFormat)
  .transform(normalizeSecondFactorCode)
  .refine(isTotpCode, twoFactorMessages.totpCodeFormat);

/** POST /api/auth/login/two-factor: the second step, a current code or an unused recovery code. */
export const secondStepSchema = z.object({ code: anyCode });
/** POST /api/auth/two-factor/confirm and /api/auth/login/two-factor/confirm: the first code from the app. */
export const confirmEnrolmentSchema = z.object({ code: totpCode });
/** POST /api/auth/two-factor/disable: the password and a current code (or a recovery code). */
export const disableTwoFactorSchema = z.object({
  password: z
    .string({ error: accountMessages.passwordRequired })
    .min(1, accountMessages.passwordRequired)
    .max(PASSWORD_MAX, accountMessages.passwordTooLong),
  code: anyCode,
});
/** POST /api/auth/two-factor/recovery-codes: a current code proves the app is still at hand. */
export const regenerateRecoveryCodesSchema = z.object({ code: anyCode });

/** GET /api/auth/two-factor: the Security tab's state. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** ISO 8601, when enabled. */
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int().min(0),
  /** The account may not turn it off (its role, or the platform's setting). */
  required: z.boolean(),
});

/** POST .../two-factor/enrol: a new secret to scan (kept sealed by the engine until confirmed). */
export const enrolmentSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The QR code of otpauthUrl, an SVG document made by the engine (no third-party service). */
  qrSvg: z.string(),
});

/** The recovery codes, shown once: after confirming the enrolment, or regenerating them. */
export const recoveryCodesAnswerSchema = authAnswerSchema.extend({
  recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
});

/** POST /api/auth/login when the password was right but a second step is needed: nobody is signed in yet. */
export const secondStepNeededSchema = authAnswerSchema.extend({
  /** `code`: enter a code; `enrol`: set two-factor authentication up first (the role requires it). */
  twoFactor: z.enum(['code', 'enrol']),
});

/** Everything POST /api/auth/login may answer with 200. */
export const loginAnswerSchema = z.union([signedInAnswerSchema, secondStepNeededSchema]);

/** Confirming an enrolment at sign-in signs in, and shows the recovery codes once. */
export const enrolledAtSignInSchema = signedInAnswerSchema.extend({
  recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
});

export type SecondStepInput = z.input<typeof secondStepSchema>;
export type ConfirmEnrolmentInput = z.input<typeof confirmEnrolmentSchema>;
export type DisableTwoFactorInput = z.input<typeof disableTwoFactorSchema>;
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;
export type Enrolment = z.infer<typeof enrolmentSchema>;
export type RecoveryCodesAnswer = z.infer<typeof recoveryCodesAnswerSchema>;
export type SecondStepNeeded = z.infer<typeof secondStepNeededSchema>;
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
export type EnrolledAtSignIn = z.infer<typeof enrolledAtSignInSchema>;

/** Narrows a login answer: true when a second step is still needed. */
export function needsSecondStep(answer: LoginAnswer): answer is SecondStepNeeded {
  return 'twoFactor' in answer;
}
