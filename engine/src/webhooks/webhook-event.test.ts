import { describe, expect, it } from 'vitest';
import type { BookingEvent } from '../bookings/domain/events.js';
import { recordedEvents } from '../revenue/test-support/revenue-events.js';
import { webhookEventOf } from './webhook-event.js';

const at = '2026-11-20T10:00:00.000Z';
const usd = (amount: number) => ({ amount, currency: 'USD' });

/** Given one recorded booking event, when mapped, then this webhook (or none). */
const webhookOf = (event: BookingEvent) => webhookEventOf(recordedEvents('b1', [event])[0]!);

describe('the webhook an event calls for', () => {
  it('booking.confirmed carries the booking and its reference, under the event id', () => {
    expect(webhookOf({ type: 'BookingConfirmed', data: { orderId: 'ord_1', bookingReference: 'ABC123', at } })).toEqual(
      {
        id: 'b1-0',
        type: 'booking.confirmed',
        createdAt: at,
        brand: 'default',
        data: { bookingId: 'b1', event: 'BookingConfirmed', bookingReference: 'ABC123' },
      },
    );
  });

  it('booking.failed, booking.cancelled and refund.issued (with its amount)', () => {
    expect(webhookOf({ type: 'OrderFailed', data: { reason: 'x', code: null, failureCode: null, at } })?.type).toBe(
      'booking.failed',
    );
    expect(webhookOf({ type: 'BookingCancelled', data: { at } })?.type).toBe('booking.cancelled');
    expect(
      webhookOf({
        type: 'RefundIssued',
        data: { refundId: 're_1', paymentId: 'pi_1', amount: usd(12_000), fee: null, at },
      }),
    ).toMatchObject({ type: 'refund.issued', data: { amount: 12_000, currency: 'USD' } });
  });

  it("a repair by the reconciler is a reconciliation.mismatch; the saga's own lookup is not", () => {
    const captured = (repair?: string): BookingEvent => ({
      type: 'PaymentCaptured',
      data: { paymentId: 'pi_1', amount: usd(5_000), fee: null, ...(repair && { repair }), at },
    });
    expect(webhookOf(captured('captured at the processor (reconciler)'))).toMatchObject({
      type: 'reconciliation.mismatch',
      data: { repair: 'captured at the processor (reconciler)' },
    });
    expect(webhookOf(captured('found after a lost answer'))).toBeUndefined();
    expect(webhookOf(captured())).toBeUndefined();
  });

  it('other events call for none', () => {
    expect(webhookOf({ type: 'BookingCompleted', data: { at } })).toBeUndefined();
  });
});
