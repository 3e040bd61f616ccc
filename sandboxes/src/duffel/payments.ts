import { randomBytes } from 'node:crypto';
import type { Order, Payment } from '@duffel/api/types';
import { DuffelApiError, invalid } from './errors.js';
import { eTickets, orderTypeOf, paidStatus } from './orders.js';
import { record, text } from './request-fields.js';

export interface PaymentRequest {
  orderId: string;
  amount: string;
  currency: string;
}

/** Reads `POST air/payments` `data`: `{ order_id, payment: { type: 'balance', amount, currency } }`. */
export function readPaymentRequest(body: unknown): PaymentRequest {
  const data = record(record(body, 'body').data, 'data');
  const payment = record(data.payment, 'payment');
  if (payment.type !== 'balance') throw invalid('payment.type', "Only 'balance' payments are accepted");
  return {
    orderId: text(data.order_id, 'order_id'),
    amount: text(payment.amount, 'payment.amount'),
    currency: text(payment.currency, 'payment.currency'),
  };
}

/**
 * A hold order paid at its current total, by its `payment_required_by`: then ticketed, nothing
 * left to pay. An instant order is Duffel's validation error `order_type_not_eligible_for_payment`
 * on `order_id`. Refused with Duffel's invalid states (`already_cancelled`, `already_paid`,
 * `past_payment_required_by_date`: the space is released, a new order is needed); any other
 * amount or currency is Duffel's `price_changed` (fetch the order again and pay its total).
 */
export function payOrder(order: Order, request: PaymentRequest, now: Date): { order: Order; payment: Payment } {
  if (orderTypeOf(order) === 'instant') {
    throw invalid(
      'order_id',
      "This order can't be paid for because it isn't a hold order",
      'order_type_not_eligible_for_payment',
    );
  }
  if (order.cancelled_at) refuse('already_cancelled', 'Order cancelled', 'This order has been cancelled');
  if (!order.payment_status.awaiting_payment)
    refuse('already_paid', 'Already paid', 'This order has already been paid for');
  const deadline = order.payment_status.payment_required_by;
  if (deadline && now.getTime() > Date.parse(deadline)) {
    refuse(
      'past_payment_required_by_date',
      'Payment deadline passed',
      `The order's payment_required_by date (${deadline}) has elapsed: its space is released, create a new order`,
    );
  }
  const sameAmount = Math.round(Number(request.amount) * 100) === Math.round(Number(order.total_amount) * 100);
  if (!sameAmount || request.currency !== order.total_currency) {
    refuse(
      'price_changed',
      'Price changed',
      `The order's total is ${order.total_amount} ${order.total_currency}: pay that amount`,
    );
  }
  const paidAt = now.toISOString();
  const payment: Payment = {
    id: `pay_${randomBytes(11).toString('hex')}`,
    type: 'balance',
    amount: order.total_amount,
    currency: order.total_currency,
    created_at: paidAt,
  };
  return { order: { ...order, payment_status: paidStatus(paidAt), documents: eTickets(order) }, payment };
}

function refuse(code: string, title: string, message: string): never {
  throw new DuffelApiError(422, 'invalid_state_error', code, title, message);
}
