import type { RevealedData } from '@contrail/shared/support-desk/contracts';

/** What a reveal showed, in words: "the travellers' details and email texts". */
const SEEN_LABELS: Record<RevealedData, string> = {
  passengers: "travellers' details",
  emails: 'email texts',
  'bookings-export': "travellers' names",
};

export const seenText = (seen: readonly RevealedData[]) => `the ${seen.map((kind) => SEEN_LABELS[kind]).join(' and ')}`;
