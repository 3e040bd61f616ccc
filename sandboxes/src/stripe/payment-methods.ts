import { passesLuhn } from '@contrail/shared/booking/card';
import { StripeApiError, invalidRequest, missingParam, noSuch } from './errors.js';
import { stripeId } from './ids.js';
import { EMPTY_BILLING_DETAILS, type PaymentMethod } from './objects.js';
import { objectParam, optionalString, type Params } from './params.js';
import type { StoredPaymentMethod, StripeSandboxStore } from './store.js';
import {
  DECLINE_MESSAGES,
  brandOf,
  testCardByNumber,
  testCardByPaymentMethod,
  type CardOutcome,
} from '@contrail/shared/payments/test-cards';

const cardDataError = (code: string, message: string, param: string) =>
  new StripeApiError(402, { type: 'card_error', code, message, param: `payment_method_data[card][${param}]` });

/** The payment method of a PaymentIntent request: a known id, a test card alias, or raw card data (checked as Stripe does). */
export class PaymentMethods {
  constructor(
    private readonly store: StripeSandboxStore,
    private readonly now: () => Date,
  ) {}

  async of(params: Params): Promise<StoredPaymentMethod | undefined> {
    const id = optionalString(params, 'payment_method');
    if (id) return this.#known(id);
    const data = objectParam(params, 'payment_method_data');
    if (!data) return undefined;
    if (data.type !== 'card')
      throw invalidRequest('Only card payment methods are supported', { param: 'payment_method_data[type]' });
    const card =
      objectParam(data, 'card') ??
      (() => {
        throw missingParam('payment_method_data[card]');
      })();
    return this.#card(card);
  }

  async #known(id: string): Promise<StoredPaymentMethod> {
    const existing = await this.store.getPaymentMethod(id);
    if (existing) return existing;
    const testCard = testCardByPaymentMethod(id);
    if (!testCard) throw noSuch('PaymentMethod', id, 'payment_method');
    // As Stripe does, a pm_card_* alias yields a fresh payment method each time.
    return this.#save(testCard.number, 12, this.now().getUTCFullYear() + 3, testCard.outcome);
  }

  async #card(card: Params): Promise<StoredPaymentMethod> {
    const number = (optionalString(card, 'number') ?? '').replace(/\s+/g, '');
    if (!/^\d{12,19}$/.test(number) || !passesLuhn(number))
      throw cardDataError('incorrect_number', DECLINE_MESSAGES.incorrectNumber, 'number');
    const month = Number(optionalString(card, 'exp_month') ?? 'x');
    if (!Number.isInteger(month) || month < 1 || month > 12) {
      throw cardDataError('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
    }
    const yearText = optionalString(card, 'exp_year') ?? '';
    const year = /^\d{2}$/.test(yearText) ? 2000 + Number(yearText) : /^\d{4}$/.test(yearText) ? Number(yearText) : NaN;
    const now = this.now();
    const expired = year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
    if (!Number.isInteger(year) || expired)
      throw cardDataError('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year');
    const cvc = optionalString(card, 'cvc');
    if (cvc !== undefined && !/^\d{3,4}$/.test(cvc))
      throw cardDataError('invalid_cvc', "Your card's security code is invalid.", 'cvc');
    const outcome: CardOutcome = testCardByNumber(number)?.outcome ?? {
      kind: 'declined',
      code: 'card_declined',
      declineCode: 'test_mode_live_card',
      message: DECLINE_MESSAGES.liveCardInTestMode,
    };
    return this.#save(number, month, year, outcome);
  }

  async #save(number: string, month: number, year: number, outcome: CardOutcome): Promise<StoredPaymentMethod> {
    const method: PaymentMethod = {
      id: stripeId('pm'),
      object: 'payment_method',
      type: 'card',
      billing_details: EMPTY_BILLING_DETAILS,
      customer: null,
      customer_account: null,
      card: {
        brand: brandOf(number),
        last4: number.slice(-4),
        exp_month: month,
        exp_year: year,
        funding: 'credit',
        country: 'US',
      },
      created: Math.floor(this.now().getTime() / 1000),
      livemode: false,
      metadata: {},
    };
    const stored = { method, outcome };
    await this.store.putPaymentMethod(stored);
    return stored;
  }
}
