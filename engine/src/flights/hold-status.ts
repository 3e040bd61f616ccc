import type { ProviderOrder } from './provider.js';

/** Where a provider order stands on payment (Duffel's `payment_status`): held awaiting payment, or paid. */
export interface OrderPaymentStatus {
  awaitingPayment: boolean;
  paymentRequiredBy: string | null;
  priceGuaranteeExpiresAt: string | null;
  paidAt: string | null;
}

/** Read from the order as the provider answered it; an order without one is paid (an instant order). */
export function paymentStatusOf(order: ProviderOrder): OrderPaymentStatus {
  const raw = (order.raw ?? {}) as {
    payment_status?: {
      awaiting_payment?: boolean;
      payment_required_by?: string | null;
      price_guarantee_expires_at?: string | null;
      paid_at?: string | null;
    };
  };
  const status = raw.payment_status ?? {};
  return {
    awaitingPayment: status.awaiting_payment === true,
    paymentRequiredBy: status.payment_required_by ?? null,
    priceGuaranteeExpiresAt: status.price_guarantee_expires_at ?? null,
    paidAt: status.paid_at ?? null,
  };
}
