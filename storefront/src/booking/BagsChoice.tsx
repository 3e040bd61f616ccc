import { fromMinorUnits } from '@contrail/shared/booking/money';
import type { FlightOffer } from '@contrail/shared/flights/offer';
import {
  BAG_KIND_LABELS,
  cheapestBags,
  NO_BAGS,
  wantsBags,
  type BagChoice,
  type BagKind,
  type BagsWanted,
} from '@contrail/shared/pricing/bags';
import { formatPrice } from '@contrail/shared/results/format';
import { readBagsParams } from '@contrail/shared/results/bags-params';
import Luggage from 'lucide-react/icons/luggage';
import { BagsPicker } from '../bags/BagsPicker';
import { Card } from '../ui/card';

/** The bags chosen at checkout: what each traveller brings, the services that carry it and their price. */
export interface BagsSelection {
  /** Null when restored after the bank's check (the choices are what counts then). */
  wanted: BagsWanted | null;
  choices: BagChoice[];
  /** Their price in currency units (the airline's, as the cards added it). */
  amount: number;
  /** The kind of bag this fare cannot carry as asked, or null. */
  cannotCarry: BagKind | null;
}

/**
 * The bag services checkout pre-selects for the bags each traveller brings: the same shared rule
 * (`cheapestBags`) that priced the result card, over the offer's services as they stand now, so
 * the payment total equals the card's price.
 */
export function selectBags(offer: FlightOffer, wanted: BagsWanted): BagsSelection {
  if (!wantsBags(wanted)) return { wanted, choices: [], amount: 0, cannotCarry: null };
  const plan = cheapestBags(offer, wanted);
  if (!plan.carried) return { wanted, choices: [], amount: 0, cannotCarry: plan.kind };
  return { wanted, choices: plan.choices, amount: fromMinorUnits(plan.amount, plan.currency), cannotCarry: null };
}

/** The bags the booking link carries (from the results' cards), pre-selected. */
export function selectBagsFromLink(offer: FlightOffer, params: URLSearchParams): BagsSelection {
  return selectBags(offer, readBagsParams(params));
}

/** Checkout's bags (on the seat step): change what each traveller brings; the total follows. */
export function BagsChoice({
  offer,
  selection,
  travellers,
  onChange,
}: {
  offer: FlightOffer;
  /** Null: none chosen yet. */
  selection: BagsSelection | null;
  travellers: number;
  onChange: (selection: BagsSelection) => void;
}) {
  const { amount = 0, cannotCarry = null, choices = [] } = selection ?? {};
  const wanted = selection?.wanted ?? NO_BAGS;
  const bought = choices.reduce((sum, choice) => sum + choice.quantity, 0);
  return (
    <Card className="mb-4 p-4" role="region" aria-labelledby="checkout-bags-title">
      <h2 id="checkout-bags-title" className="flex items-center gap-2 text-lg font-bold">
        <Luggage className="h-5 w-5" aria-hidden /> Bags
      </h2>
      <p className="mb-3 text-sm text-muted-foreground">
        How many bags each traveller brings, besides a small personal item. Bags your fare includes cost nothing; the
        others are added at the airline’s price.
      </p>
      <BagsPicker
        idPrefix="checkout"
        value={wanted}
        travellers={travellers}
        onChange={(next) => onChange(selectBags(offer, next))}
      />
      <p className="mt-3 text-sm" role="status">
        {cannotCarry
          ? `This fare cannot carry that many ${BAG_KIND_LABELS[cannotCarry].many}: no bags are added.`
          : bought > 0
            ? `${bought} bag${bought > 1 ? 's' : ''} added for ${formatPrice(amount, offer.total_currency)}.`
            : wantsBags(wanted)
              ? 'Your fare includes these bags.'
              : 'No bags added.'}
      </p>
    </Card>
  );
}
