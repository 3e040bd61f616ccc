import { toMinorUnits } from '@contrail/shared/booking/money';
import type { Money } from '@contrail/shared/booking/money';
import type { ProviderOrder } from './provider.js';

/** What an airline order costs, in minor units: its total (offer and services), as the provider states it. */
export function providerTotalOf(order: Pick<ProviderOrder, 'total_amount' | 'total_currency'>): Money {
  const currency = order.total_currency.toUpperCase();
  return { amount: toMinorUnits(order.total_amount, currency), currency };
}
