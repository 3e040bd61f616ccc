import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A Stripe-like id: prefix, "_", 24 base-62 characters ("pi_3Q...", "re_1P..."). */
export function stripeId(prefix: string): string {
  const bytes = randomBytes(24);
  let body = '';
  for (const byte of bytes) body += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${body}`;
}
