/**
 * The figures every policy, help and FAQ page states (seed 001 §9), in one place so no two pages
 * can disagree. Pages word them; they never restate a number of their own.
 */
export const POLICY = {
  /** Service fees are never refunded, whatever the fare rules. */
  serviceFeesRefundable: false,
  /** We ask the airline for the refund within this window after a cancellation is confirmed. */
  refundInitiatedHours: '24-48 hours',
  /** From the airline's approval to the money reaching the customer (policy pages). */
  refundProcessing: '7 to 30 business days',
  /** The FAQ's shorter, typical figure (seed 001 §9: "the FAQ says 7-14"). */
  refundProcessingFaq: '7-14 business days',
  /** Notice given before a material change of the terms or policies takes effect. */
  materialChangeNoticeDays: 30,
  /** Footer operating hours. */
  operatingHours: '07:00-21:00',
  /** Phone support as the header and the policies describe it. */
  phoneSupport: '24/7',
  /** Phone support as the support page describes it. */
  supportPageHours: 'Mon-Fri 9am-6pm EST',
  /** Recommended airport arrival before departure. */
  airportArrival: {
    domesticHours: 2,
    internationalHours: 3,
    peakExtra: '30-60 minutes',
  },
  /** Account holders must be over this age. */
  accountHolderMinimumAge: 18,
  /** We do not knowingly collect personal data of children under this age. */
  childrenUnderAge: 16,
  /** Answer time for emails to support. */
  emailResponse: 'within 24 hours',
  /** Passport validity advised beyond the travel dates, for international flights. */
  passportValidityMonths: 6,
  /** Accepted payment methods, in the seed's order. */
  paymentMethods: [
    'Visa',
    'MasterCard',
    'American Express',
    'Discover',
    'PayPal',
    'Apple Pay (on iOS devices)',
    'Google Pay (on Android devices)',
  ],
  /** A booking is paid with a single payment method. */
  paymentMethodsPerBooking: 1,
  /** Terms of Service: the law that governs them. */
  governingLaw: 'the State of New Jersey',
  /** Privacy Policy date. */
  privacyLastUpdated: 'March 19, 2025',
} as const;

/** The cookie policy's table (seed 001 §9): how long each kind of cookie is kept. */
export const COOKIE_TYPES = [
  {
    type: 'Authentication',
    purpose: 'Keeps you signed in and protects your session from misuse.',
    duration: '30 days',
    required: true,
  },
  {
    type: 'Preference',
    purpose: 'Remembers your choices, such as recent searches, currency and language.',
    duration: '1 year',
    required: false,
  },
  {
    type: 'Analytics',
    purpose: 'Counts visits and shows us which pages work well, in aggregate.',
    duration: '2 years',
    required: false,
  },
  {
    type: 'Marketing',
    purpose: 'Measures our advertising and shows you relevant travel offers.',
    duration: '90 days',
    required: false,
  },
] as const;

/** "Visa, MasterCard, ... and Google Pay (on Android devices)". */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
