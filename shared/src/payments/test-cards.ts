/**
 * Stripe's published test cards (WIRE-FORMATS.md) and the outcome each one produces, with the
 * `pm_card_*` payment method ids Stripe accepts for them in test mode.
 */
export type CardOutcome =
  | { kind: 'succeeds' }
  | { kind: 'declined'; code: string; declineCode: string | null; message: string }
  | { kind: 'requires_action' };

export interface TestCard {
  number: string;
  brand: 'visa' | 'mastercard' | 'amex';
  paymentMethod: string | null;
  /** Other `pm_card_*` ids Stripe accepts for the same card. */
  aliases?: string[];
  outcome: CardOutcome;
}

export const DECLINE_MESSAGES = {
  generic: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  processing: 'An error occurred while processing your card. Try again in a little bit.',
  incorrectNumber: 'Your card number is incorrect.',
  liveCardInTestMode:
    'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
} as const;

const declined = (code: string, declineCode: string | null, message: string): CardOutcome => ({
  kind: 'declined',
  code,
  declineCode,
  message,
});

export const TEST_CARDS: TestCard[] = [
  { number: '4242424242424242', brand: 'visa', paymentMethod: 'pm_card_visa', outcome: { kind: 'succeeds' } },
  {
    number: '5555555555554444',
    brand: 'mastercard',
    paymentMethod: 'pm_card_mastercard',
    outcome: { kind: 'succeeds' },
  },
  { number: '378282246310005', brand: 'amex', paymentMethod: 'pm_card_amex', outcome: { kind: 'succeeds' } },
  {
    number: '4000000000000002',
    brand: 'visa',
    paymentMethod: 'pm_card_chargeDeclined',
    aliases: ['pm_card_visa_chargeDeclined'],
    outcome: declined('card_declined', 'generic_decline', DECLINE_MESSAGES.generic),
  },
  {
    number: '4000000000009995',
    brand: 'visa',
    paymentMethod: 'pm_card_chargeDeclinedInsufficientFunds',
    outcome: declined('card_declined', 'insufficient_funds', DECLINE_MESSAGES.insufficientFunds),
  },
  {
    number: '4000000000009987',
    brand: 'visa',
    paymentMethod: 'pm_card_chargeDeclinedLostCard',
    outcome: declined('card_declined', 'lost_card', DECLINE_MESSAGES.generic),
  },
  {
    number: '4000000000009979',
    brand: 'visa',
    paymentMethod: 'pm_card_chargeDeclinedStolenCard',
    outcome: declined('card_declined', 'stolen_card', DECLINE_MESSAGES.generic),
  },
  {
    number: '4000000000000069',
    brand: 'visa',
    paymentMethod: 'pm_card_chargeDeclinedExpiredCard',
    outcome: declined('expired_card', 'expired_card', DECLINE_MESSAGES.expired),
  },
  {
    number: '4000000000000127',
    brand: 'visa',
    paymentMethod: 'pm_card_chargeDeclinedIncorrectCvc',
    outcome: declined('incorrect_cvc', 'incorrect_cvc', DECLINE_MESSAGES.incorrectCvc),
  },
  {
    number: '4000000000000119',
    brand: 'visa',
    paymentMethod: 'pm_card_chargeDeclinedProcessingError',
    outcome: declined('processing_error', 'processing_error', DECLINE_MESSAGES.processing),
  },
  {
    number: '4000002760003184',
    brand: 'visa',
    paymentMethod: 'pm_card_authenticationRequired',
    outcome: { kind: 'requires_action' },
  },
  // 3-D Secure 2: the bank's challenge on every payment (3220), or unless set up for later use (3155).
  {
    number: '4000000000003220',
    brand: 'visa',
    paymentMethod: 'pm_card_threeDSecure2Required',
    outcome: { kind: 'requires_action' },
  },
  {
    number: '4000002500003155',
    brand: 'visa',
    paymentMethod: 'pm_card_authenticationRequiredOnSetup',
    outcome: { kind: 'requires_action' },
  },
];

export function testCardByNumber(number: string): TestCard | undefined {
  return TEST_CARDS.find((card) => card.number === number);
}

export function testCardByPaymentMethod(paymentMethod: string): TestCard | undefined {
  return TEST_CARDS.find((card) => card.paymentMethod === paymentMethod || card.aliases?.includes(paymentMethod));
}

export function brandOf(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'unknown';
}
