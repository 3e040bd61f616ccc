import type { CardDetailsInput } from '@contrail/shared/booking/contracts';
import { formatPrice } from '@contrail/shared/results/format';
import { useState } from 'react';
import { Button } from '../../ui/button';
import type { Trip } from '../trip-view';
import { useBuyExtrasMutation, useExtraOptionsQuery } from './afterSaleApi';
import { followBankCheck, usePurchaseReturnPath } from './bank-check';
import { PurchaseCard } from './PurchaseCard';
import { OptionsState, PurchaseDone, PurchaseFailure } from './purchase-outcome';

const cents = (amount: string) => Math.round(Number(amount) * 100);

/** Add bags to a booked trip (issue 36): the airline's bags for it, at its price, paid by card. */
export function AddBags({ trip }: { trip: Trip }) {
  const options = useExtraOptionsQuery(trip.id);
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [card, setCard] = useState<CardDetailsInput | null>(null);
  const [buy, bought] = useBuyExtrasMutation();
  const returnPath = usePurchaseReturnPath();
  const list = options.data ?? [];
  const chosen = list.filter((option) => (counts[option.serviceId] ?? 0) > 0);
  const currency = list[0]?.currency ?? trip.data.total_currency ?? 'USD';
  const total = chosen.reduce((sum, option) => sum + cents(option.price) * counts[option.serviceId]!, 0);
  const totalText = (total / 100).toFixed(2);
  const names = new Map(trip.data.passengers.map((p) => [p.id, `${p.given_name ?? ''} ${p.family_name ?? ''}`.trim()]));
  if (bought.data?.success) return <PurchaseDone bought={bought} />;
  if (options.isLoading || options.isError) return <OptionsState query={options} loading="Loading bags..." />;
  if (list.length === 0)
    return <p className="text-sm text-muted-foreground">No more bags can be added to this trip.</p>;
  const pay = () =>
    buy({
      id: trip.id,
      body: {
        bags: chosen.map((option) => ({ serviceId: option.serviceId, quantity: counts[option.serviceId]! })),
        amount: totalText,
        currency,
        ...(card && { cardDetails: card }),
        returnPath,
      },
    })
      .unwrap()
      .then((answer) => followBankCheck(trip.id, answer))
      .catch(() => undefined);
  return (
    <section aria-label="Add bags" className="grid gap-3 text-sm">
      <h3 className="font-semibold">Add bags</h3>
      <ul className="grid gap-2">
        {list.map((option) => (
          <li
            key={option.serviceId}
            className="flex items-center justify-between gap-3 rounded-lg border border-border p-3"
          >
            <span className="grid">
              <span>
                {option.description} · {option.passengerIds.map((id) => names.get(id) ?? id).join(', ')}
              </span>
              <span className="text-muted-foreground">
                {option.route} · {formatPrice(option.price, option.currency)} each
              </span>
            </span>
            <label className="flex items-center gap-1">
              <span className="sr-only">
                {option.name} for {option.route}
              </span>
              <select
                className="h-9 rounded-md border border-input bg-background px-2"
                value={counts[option.serviceId] ?? 0}
                onChange={(event) => setCounts({ ...counts, [option.serviceId]: Number(event.target.value) })}
              >
                {Array.from({ length: option.maximumQuantity + 1 }, (_, n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          </li>
        ))}
      </ul>
      {chosen.length > 0 && (
        <>
          <PurchaseCard onChange={setCard} />
          <Button type="button" disabled={bought.isLoading} onClick={pay}>
            {bought.isLoading ? 'Paying...' : `Pay ${formatPrice(totalText, currency)} and add bags`}
          </Button>
        </>
      )}
      <PurchaseFailure bought={bought} />
    </section>
  );
}
