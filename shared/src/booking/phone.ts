import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A phone number in E.164 ("+12125550100") as airlines want it, read by libphonenumber: a "00"
 * international prefix counts as "+", and a number without a country code is read as North
 * American; null when it is not a valid number.
 */
export function e164(phone: string | undefined): string | null {
  const trimmed = phone?.trim();
  if (!trimmed) return null;
  const parsed = parsePhoneNumberFromString(trimmed.replace(/^00/, '+'), 'US');
  return parsed?.isValid() ? parsed.number : null;
}

export const PHONE_FORMAT_MESSAGE = 'Phone number must include the country code, e.g. +1 212 555 0100';
