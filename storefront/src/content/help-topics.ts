import { FAQ, FAQ_CATEGORIES, type FaqCategory, type FaqEntry } from '@contrail/shared/content/faq';

function entries(ids: readonly string[]): FaqEntry[] {
  const all = new Map(FAQ.flatMap((section) => section.entries).map((entry) => [entry.id, entry]));
  return ids.map((id) => {
    const entry = all.get(id);
    if (!entry) throw new Error(`No FAQ entry ${id}`);
    return entry;
  });
}

/** Support → Help Center: the six questions asked most (seed 001 §2). */
export const HELP_CENTER_ENTRIES = entries([
  'booking-how',
  'booking-confirmation',
  'payment-methods',
  'cancellations-refund-time',
  'changes-date',
  'travel-arrival',
]);

/** The Contact page's four sample FAQ cards. */
export const CONTACT_FAQ_ENTRIES = entries([
  'cancellations-refund-time',
  'changes-date',
  'payment-methods',
  'travel-documents',
]);

/** Popular help topics on the support page: each opens its FAQ tab. */
export const HELP_TOPICS: { category: FaqCategory; title: string; text: string }[] = [
  { category: 'booking', title: 'Booking', text: 'Searching, booking and confirmations' },
  { category: 'payment', title: 'Payment', text: 'Cards, wallets and charges' },
  { category: 'cancellations', title: 'Cancellations', text: 'Cancelling and refunds' },
  { category: 'changes', title: 'Changes', text: 'Dates, names, seats and bags' },
  { category: 'travel', title: 'Travel', text: 'Documents, check-in and airports' },
  { category: 'account', title: 'Account', text: 'Signing in, passwords and trips' },
];
if (HELP_TOPICS.length !== FAQ_CATEGORIES.length) throw new Error('Every FAQ category needs a help topic');
