import { randomBytes, randomInt } from 'node:crypto';
import type { Accounts } from '../../accounts/accounts.js';
import { DuplicateUserError, type User } from '../../accounts/users.js';

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!@#$%^&*-_+=?';
const ALL = LOWER + UPPER + DIGITS + SYMBOLS;

const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)]!;

/** 22 random characters (over 120 bits) with every class the change-password rule asks for (seed 001 §5). */
export function strongPassword(length = 22): string {
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < length) chars.push(pick(ALL));
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/** "jane.doe" from "Jane.Doe+trips@example.com": at least 3 characters, at most 30. */
export function usernameFrom(email: string): string {
  const local = (email.split('@')[0] ?? '')
    .toLowerCase()
    .split('+')[0]!
    .replace(/[^a-z0-9._-]/g, '');
  const base = local.length >= 3 ? local : `${local}traveller`;
  return base.slice(0, 30);
}

export interface CreatedAccount {
  user: User;
  password: string;
}

/**
 * The account made for a signed-out traveller's booking: username from the email (with a number
 * added when taken), a strong random password shown once. Undefined when the email already has an
 * account (a concurrent booking made it): the booking is then attached without signing in.
 */
export async function createAccountFor(
  accounts: Accounts,
  brandKey: string,
  traveller: { email: string; firstName: string; lastName: string },
): Promise<CreatedAccount | undefined> {
  const password = strongPassword();
  const base = usernameFrom(traveller.email);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const username = attempt === 0 ? base : `${base.slice(0, 25)}${randomBytes(2).readUInt16BE() % 10_000}`;
    try {
      const user = await accounts.register(brandKey, { ...traveller, username, password }, {}, 'generated');
      return { user, password };
    } catch (error) {
      if (!(error instanceof DuplicateUserError)) throw error;
      if (error.field === 'email') return undefined;
    }
  }
  throw new Error('Could not find a free username for the new account');
}
