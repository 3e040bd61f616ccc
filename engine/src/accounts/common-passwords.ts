import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The 10,000 most common passwords (ASVS 6.2.4): the head of zxcvbn-ts's common-password list
 * (@zxcvbn-ts/language-common, ranked by frequency in leaked password corpora), compared without
 * regard to case. Engine-side only: the storefront shows the refusal as a field error.
 */
export const COMMON_PASSWORD_COUNT = 10_000;

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT));
  return common.has(password.toLowerCase());
}
