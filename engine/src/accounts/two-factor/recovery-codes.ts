import { createHmac, randomInt } from 'node:crypto';
import { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_COUNT } from '@contrail/shared/accounts/two-factor';
import { derivedKey } from './sealed-secret.js';

const CODE_LENGTH = 10;

/** 10 codes of 10 characters from a 31-letter alphabet: about 49 random bits each. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: CODE_LENGTH }, () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]).join(
      '',
    ),
  );
}

/**
 * Recovery codes are server-generated and high-entropy, so a fast keyed hash stores them (DESIGN
 * §7): the table alone, without the key, does not let anyone test guesses offline.
 */
export function recoveryCodeHasher(sessionSecret: string): (code: string) => string {
  const key = derivedKey(sessionSecret, 'two-factor-recovery-codes-v1');
  return (code) => createHmac('sha256', key).update(code).digest('base64url');
}
