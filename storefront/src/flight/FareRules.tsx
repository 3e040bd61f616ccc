import type { FlightCondition, FlightOffer } from '@contrail/shared/flights/offer';
import { sliceLabel } from '@contrail/shared/flights/slice-label';
import { airlineFeeText } from '@contrail/shared/booking/airline-fee';
import { offerPrice } from '@contrail/shared/booking/offer-price';
import { fullOfferContext } from '@contrail/shared/pricing/offer-trip';
import { serviceFeePolicy } from '@contrail/shared/booking/service-fee-policy';
import type { Brand } from '@contrail/shared/brand/brand';
import { formatPrice } from '@contrail/shared/results/format';
import Check from 'lucide-react/icons/check';
import X from 'lucide-react/icons/x';
import type { ReactNode } from 'react';

function Rule({ allowed, title, children }: { allowed: boolean; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-3 rounded-lg border border-border p-4">
      <span
        className={
          allowed
            ? 'flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-success/15 text-[#2f7a0e]'
            : 'flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-destructive/15 text-destructive-text'
        }
        aria-hidden
      >
        {allowed ? <Check className="h-4 w-4" /> : <X className="h-4 w-4" />}
      </span>
      <div>
        <h2 className="font-semibold">{title}</h2>
        <p className="text-sm text-muted-foreground">{children}</p>
      </div>
    </div>
  );
}

/** The airline's own fee, as My Trips and the refund quote show it (issue 33: the brand adds nothing to it). */
function penalty(condition: FlightCondition | null, currency: string): string {
  const fee = airlineFeeText(condition, currency);
  if (fee === null) return ' No fee applies.';
  return fee ? ` The airline's fee of ${fee} applies.` : '';
}

function includedBags(offer: FlightOffer): string[] {
  const lines: string[] = [];
  offer.slices.forEach((slice, index) => {
    const bags = slice.segments[0]?.passengers?.[0]?.baggages ?? [];
    const text = bags
      .filter((bag) => bag.quantity > 0)
      .map(
        (bag) =>
          `${bag.quantity} ${bag.type === 'checked' ? 'checked' : 'carry-on'} bag${bag.quantity === 1 ? '' : 's'}`,
      )
      .join(' and ');
    lines.push(`${sliceLabel(offer.slices, index)}: ${text || 'no bags included'}`);
  });
  return lines;
}

type FeeBrand = Pick<Brand, 'name' | 'pricing' | 'markupKeptOnRefund'>;

/** The Fare Rules tab: refunds, changes and the airline's fees, baggage, and the brand's service fee. */
export function FareRules({ offer, brand }: { offer: FlightOffer; brand: FeeBrand }) {
  const { conditions } = offer;
  const currency = offer.total_currency;
  const { serviceFee } = offerPrice(offer, fullOfferContext(offer, brand.pricing));
  const refundable = conditions?.refundable === true;
  const changeable = conditions?.changeable === true;
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 md:grid-cols-2">
        <Rule allowed={refundable} title={refundable ? 'Refundable' : 'Non-refundable'}>
          {refundable
            ? `You can cancel this ticket for a refund before departure.${penalty(conditions.refund_before_departure, currency)}`
            : 'This ticket cannot be refunded once booked.'}
        </Rule>
        <Rule allowed={changeable} title={changeable ? 'Changes allowed' : 'No changes'}>
          {changeable
            ? `You can change this ticket before departure.${penalty(conditions.change_before_departure, currency)}`
            : 'This ticket cannot be changed once booked.'}
        </Rule>
      </div>
      <section className="rounded-lg border border-border p-4" aria-labelledby="baggage-heading">
        <h2 id="baggage-heading" className="font-semibold">
          Baggage
        </h2>
        <ul className="mt-2 list-disc pl-5 text-sm">
          {includedBags(offer).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {/* Issue 33: extra bags cannot be bought in this booking flow yet, so none are promised here. */}
      </section>
      <section className="rounded-lg border border-border p-4" aria-labelledby="service-fee-heading">
        <h2 id="service-fee-heading" className="font-semibold">
          Service fee
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          The price includes {brand.name}&apos;s service fee of {formatPrice(serviceFee, currency)}.{' '}
          {serviceFeePolicy(brand.name, brand.markupKeptOnRefund)}
        </p>
      </section>
      {offer.passenger_identity_documents_required && (
        <p className="rounded-lg bg-subtle px-4 py-3 text-sm">
          A passport or identity document is required for every passenger on this trip.
        </p>
      )}
    </div>
  );
}
