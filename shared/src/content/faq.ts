import { listInWords, POLICY } from './policy.js';

export const FAQ_CATEGORIES = ['booking', 'payment', 'cancellations', 'changes', 'travel', 'account'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

export interface FaqEntry {
  /** Stable and unique across categories, for accordion values and anchors. */
  id: string;
  question: string;
  answer: string;
}

export interface FaqSection {
  category: FaqCategory;
  entries: readonly FaqEntry[];
}

const { airportArrival: arrival } = POLICY;

/** Seed 001 §2: six categories of five questions each. Figures come from POLICY only. */
export const FAQ: readonly FaqSection[] = [
  {
    category: 'booking',
    entries: [
      {
        id: 'booking-how',
        question: 'How do I book a flight?',
        answer:
          'Enter where you are flying from and to, your dates and the number of travellers on the home page, then choose Search Flights. Compare the offers, pick one, enter the passenger details exactly as they appear on each passport or ID, choose seats if you like, and pay by card. Your booking reference appears on the confirmation page and in your confirmation email.',
      },
      {
        id: 'booking-account',
        question: 'Do I need an account to book?',
        answer:
          'No. You can search and book as a guest. If you book without signing in, we may create an account for you with the email address you give, so that you can see and manage the trip under My Trips later.',
      },
      {
        id: 'booking-confirmation',
        question: 'How do I know my booking is confirmed?',
        answer:
          'Once the airline has issued your booking and your payment has been taken, the confirmation page shows "Booking Confirmed" with your booking reference, and we send a confirmation email. You can also look up the status at any time under Support, My Bookings, with your booking reference and email address.',
      },
      {
        id: 'booking-price-change',
        question: 'Why did the price change or the offer expire while I was booking?',
        answer:
          'Airline fares are live and seats sell quickly, so an offer is only held for a short time, typically 30 minutes. If an offer expires before payment, we take you back to the search results so you can pick a current price. You are never charged more than the total shown on the payment step.',
      },
      {
        id: 'booking-children',
        question: 'Can I book for children and infants?',
        answer:
          "Yes. Adults are 12 years and over, children are 2 to 11 years and infants are under 2 years on the day of travel. Infants travel on an adult's lap, so each infant must be booked with an adult on the same booking.",
      },
    ],
  },
  {
    category: 'payment',
    entries: [
      {
        id: 'payment-methods',
        question: 'Which payment methods do you accept?',
        answer: `We accept ${listInWords(POLICY.paymentMethods)}.`,
      },
      {
        id: 'payment-split',
        question: 'Can I split the payment across several cards?',
        answer:
          'No. Each booking is paid in full with one payment method. If you need to pay separately, make separate bookings for each group of travellers.',
      },
      {
        id: 'payment-when',
        question: 'When will my card be charged?',
        answer:
          'We authorise the amount on your card when you choose Complete Booking and take the payment once the airline has confirmed your booking. If the airline cannot confirm the booking, the authorisation is released and you are not charged.',
      },
      {
        id: 'payment-security',
        question: 'Is my payment information secure?',
        answer:
          'Yes. Card details are sent over an encrypted connection straight to our payment processor. We never store your full card number; we keep only the last four digits for your records.',
      },
      {
        id: 'payment-fees',
        question: 'Are there any hidden fees?',
        answer:
          'No. The total on the payment step includes the fare, taxes, airline charges and our service fee. Optional extras, such as paid seats, are shown before you pay. Our service fees are non-refundable.',
      },
    ],
  },
  {
    category: 'cancellations',
    entries: [
      {
        id: 'cancellations-how',
        question: 'How do I cancel my booking?',
        answer:
          'Sign in, open My Trips, choose the trip and select Cancel Booking. Whether a cancellation is possible, and what it costs, depends on the fare rules of your ticket, which are shown before you confirm. You can also call us and an agent will cancel it for you.',
      },
      {
        id: 'cancellations-refund-time',
        question: 'How long does a refund take?',
        answer: `We request the refund from the airline within ${POLICY.refundInitiatedHours} of your cancellation. Once the airline approves it, the money usually reaches your original payment method within ${POLICY.refundProcessingFaq}, depending on the airline and your bank.`,
      },
      {
        id: 'cancellations-non-refundable',
        question: 'What if my ticket is non-refundable?',
        answer:
          'A non-refundable ticket gets no refund of the fare if you cancel, but unused airport taxes may still be returned. My Trips shows a Non-Refundable Ticket notice on such bookings. Our service fees are non-refundable in every case.',
      },
      {
        id: 'cancellations-airline',
        question: 'What happens if the airline cancels my flight?',
        answer:
          "We tell you as soon as the airline informs us and help you choose between the alternative flights the airline offers and a refund. When the airline cancels, you are entitled to a refund of the unused fare under the airline's conditions of carriage.",
      },
      {
        id: 'cancellations-24h',
        question: 'Can I cancel within 24 hours of booking?',
        answer:
          "Many airlines allow a free cancellation within 24 hours of booking for flights departing at least seven days later. Whether your ticket qualifies depends on the airline's rules, shown in the fare conditions of your booking.",
      },
    ],
  },
  {
    category: 'changes',
    entries: [
      {
        id: 'changes-date',
        question: 'Can I change the date or time of my flight?',
        answer:
          "Often yes, depending on the fare. Contact us with your booking reference and we will check the airline's change rules, any change fee and any difference in fare before anything is changed. Nothing is changed without your approval.",
      },
      {
        id: 'changes-name',
        question: 'Can I correct a spelling mistake in a passenger name?',
        answer:
          'Airlines usually allow small corrections of a few letters, but not a change to a different person. Contact us as soon as you notice the mistake: the name on the ticket must match the passport or ID exactly.',
      },
      {
        id: 'changes-seat',
        question: 'Can I add or change seats after booking?',
        answer:
          'Seats can be chosen during booking. After booking, many airlines let you pick or change seats on their website or at check-in using the booking reference; our agents can also help.',
      },
      {
        id: 'changes-baggage',
        question: 'How do I add extra baggage?',
        answer:
          'Baggage allowances depend on the airline and fare and are shown in the flight details. Extra bags are usually cheapest when added in advance through the airline or by contacting us, rather than at the airport.',
      },
      {
        id: 'changes-cost',
        question: 'How much does a change cost?',
        answer:
          "The cost is the airline's change fee, if any, plus any difference in fare between your ticket and the new flight. We tell you the full amount before you confirm.",
      },
    ],
  },
  {
    category: 'travel',
    entries: [
      {
        id: 'travel-documents',
        question: 'What documents do I need to travel?',
        answer: `For international flights you need a passport that is valid for at least ${POLICY.passportValidityMonths} months beyond your travel dates, plus any visa or travel authorisation your destination or transit countries require. For domestic flights, bring a government-issued photo ID.`,
      },
      {
        id: 'travel-arrival',
        question: 'How early should I arrive at the airport?',
        answer: `We recommend arriving ${arrival.domesticHours} hours before a domestic flight and ${arrival.internationalHours} hours before an international flight. Allow an extra ${arrival.peakExtra} at peak times such as holidays.`,
      },
      {
        id: 'travel-check-in',
        question: 'How do I check in?',
        answer:
          'Check in directly with the airline, online or at the airport, using your booking reference. Online check-in usually opens 24 to 48 hours before departure.',
      },
      {
        id: 'travel-baggage',
        question: 'What baggage can I bring?',
        answer:
          "Each airline and fare has its own cabin and checked baggage allowance, shown in the flight details before you book. Check the airline's rules for liquids and restricted items before you pack.",
      },
      {
        id: 'travel-delay',
        question: 'What should I do if my flight is delayed?',
        answer:
          "Check the airline's app or the airport screens for updates and speak to the airline at the airport. For long delays, airlines must offer care and, under some rules, compensation. Our support team can help you with the next steps.",
      },
    ],
  },
  {
    category: 'account',
    entries: [
      {
        id: 'account-create',
        question: 'How do I create an account?',
        answer: `Choose Sign Up at the top of the page and enter your name, email address, a username and a password. Account holders must be over ${POLICY.accountHolderMinimumAge} years old.`,
      },
      {
        id: 'account-password',
        question: 'How do I change my password?',
        answer:
          'Sign in, open Account Settings from the menu under your initial and choose the Security tab. A new password must be at least 12 characters and contain an uppercase letter, a lowercase letter, a number and a special character.',
      },
      {
        id: 'account-trips',
        question: 'Where can I see my bookings?',
        answer:
          'Sign in and open My Trips to see upcoming, past and cancelled trips. Without signing in, you can check the status of a booking under Support, My Bookings, using the booking reference and the email address used to book.',
      },
      {
        id: 'account-forgot',
        question: 'I forgot my password. What can I do?',
        answer:
          'Contact our support team with your username and the email address on the account. After confirming that the account is yours, we will help you regain access.',
      },
      {
        id: 'account-delete',
        question: 'How do I delete my account?',
        answer:
          'Send us a request through the contact form or by email from the address on the account. We delete your account and personal data, except what we must keep by law, such as booking and payment records.',
      },
    ],
  },
];
