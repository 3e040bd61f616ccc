import { describe, expect, it } from 'vitest';
import { cardAnswer, cardErrorAnswer } from './card-answer.js';
import { PaymentGatewayError } from './gateway.js';

describe('process-card answers', () => {
  it('answers an authorization with its payment id', () => {
    const payment = {
      paymentId: 'pi_1',
      amount: { amount: 100, currency: 'USD' },
      capturable: 100,
      received: 0,
      status: 'authorized' as const,
      cardLast4: '4242',
      metadata: {},
      createdAt: '2026-11-23T10:00:00.000Z',
    };
    expect(cardAnswer({ outcome: 'authorized', payment })).toEqual({
      status: 200,
      body: { success: true, paymentId: 'pi_1' },
    });
  });

  it('answers a decline as a payment failure with the processor message', () => {
    const answer = cardAnswer({
      outcome: 'declined',
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
      paymentId: 'pi_2',
      cardLast4: '9995',
    });
    expect(answer).toEqual({
      status: 402,
      body: { success: false, error: 'PAYMENT_FAILED', message: 'Your card has insufficient funds.' },
    });
  });

  it('answers other failures with the seed defaults', () => {
    expect(
      cardErrorAnswer(new PaymentGatewayError('unavailable', 'Payment failed with status 503', 503, null)),
    ).toEqual({
      status: 502,
      body: { success: false, error: 'PAYMENT_ERROR', message: 'Payment failed with status 503' },
    });
    expect(cardErrorAnswer(new Error('boom')).body.message).toBe('Unknown payment error');
    expect(
      cardErrorAnswer(new PaymentGatewayError('idempotency', 'Keys for idempotent requests...', 400, null)).status,
    ).toBe(400);
  });
});
