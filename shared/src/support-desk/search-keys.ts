import { e164 } from '../booking/phone.js';

/**
 * The normal forms a traveller's name, email and phone are searched by. The engine keeps only a
 * keyed hash of each normal form (a blind index), so a search matches the exact normal form, never
 * a part of it: "lovelace" finds Ada Lovelace, "love" does not.
 */
export const SEARCH_KEY_KINDS = ['name', 'email', 'phone'] as const;
export type SearchKeyKind = (typeof SEARCH_KEY_KINDS)[number];

/**
 * A name as letters only, in lower case, without accents, spaces, hyphens or apostrophes:
 * "O'Brien-Núñez" and "obrien nunez" are the same. Empty when nothing is left.
 */
export function normalName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** An email address trimmed and in lower case; empty when it is not an address. */
export function normalEmail(text: string): string {
  const email = text.trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+$/.test(email) ? email : '';
}

/** A phone number in E.164 (as the booking form stored it); empty when it is not a valid number. */
export function normalPhone(text: string): string {
  return e164(text) ?? '';
}

/** What a traveller is found by: the surname alone, and the given name followed by the surname. */
export function travellerNameKeys(firstName: string, lastName: string): string[] {
  const surname = normalName(lastName);
  const full = normalName(`${firstName}${lastName}`);
  return [...new Set([surname, full].filter(Boolean))];
}

export const normalSearchKey: Record<SearchKeyKind, (text: string) => string> = {
  name: normalName,
  email: normalEmail,
  phone: normalPhone,
};
