import { z } from 'zod';

/**
 * Travellers a signed-in customer keeps on their account (issue 33 item 4) to fill a passenger
 * card with one pick: names, birth date and passport, sealed in the engine like a booking's. What
 * they send is checked by saved-traveller-input.ts (the passenger form's rules); this module has no
 * part of the booking page's modules, so Account Settings shares none with /booking's first load.
 */

/** An account keeps at most this many travellers: a family's worth and then some. */
export const SAVED_TRAVELLERS_MAX = 20;

export const SAVED_TRAVELLER_MESSAGES = {
  dateOfBirthFormat: 'Date of birth must be a date (YYYY-MM-DD)',
  expiryFormat: 'Passport expiry date must be a date (YYYY-MM-DD)',
  tooMany: `An account can keep at most ${SAVED_TRAVELLERS_MAX} travellers. Remove one to add another.`,
  notFound: 'Saved traveller not found',
} as const;

/**
 * What the Account Settings form sends, every field as typed ("" when empty); the engine checks it
 * with savedTravellerInputSchema and names each field it refuses.
 */
export const savedTravellerFormSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  passportNumber: z.string(),
  passportExpiryDate: z.string(),
  passportIssuingCountry: z.string(),
});
export type SavedTravellerForm = z.input<typeof savedTravellerFormSchema>;

export const savedTravellerSchema = z.object({
  id: z.string(),
  title: z.string().optional(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.string().optional(),
  dateOfBirth: z.string(),
  passportNumber: z.string().optional(),
  passportExpiryDate: z.string().optional(),
  passportIssuingCountry: z.string().optional(),
  updatedAt: z.string(),
});
export type SavedTraveller = z.output<typeof savedTravellerSchema>;

export const savedTravellerListSchema = z.object({ travellers: z.array(savedTravellerSchema) });
export type SavedTravellerList = z.output<typeof savedTravellerListSchema>;

/** "Ada Lovelace (born 1815-12-10)": how a pick list names a saved traveller. */
export function savedTravellerLabel(traveller: Pick<SavedTraveller, 'firstName' | 'lastName' | 'dateOfBirth'>): string {
  return `${traveller.firstName} ${traveller.lastName} (born ${traveller.dateOfBirth})`;
}
