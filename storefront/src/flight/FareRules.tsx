import type { FlightCondition, FlightOffer } from '@contrail/shared/flights/offer';
import { formatDisplayPrice } from '@contrail/shared/results/format';
import { Check, X } from 'lucide-react';
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

function penalty(condition: FlightCondition | null, markup: number): string {
  if (!condition?.penalty_amount || !condition.penalty_currency) return '';
  if (Number(condition.penalty_amount) === 0) return ' No fee applies.';
  return ` A fee of ${formatDisplayPrice(condition.penalty_amount, condition.penalty_currency, markup)} applies.`;
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
    lines.push(`${index === 0 ? 'Outbound' : 'Return'}: ${text || 'no bags included'}`);
  });
  return lines;
}

/** "Outbound: " or "Return: " for a service bound to one slice's segments. */
function sliceLabel(offer: FlightOffer, segmentIds: string[] | undefined): string {
  if (offer.slices.length < 2 || !segmentIds?.length) return '';
  const index = offer.slices.findIndex((slice) => slice.segments.some((segment) => segmentIds.includes(segment.id)));
  return index === 0 ? 'Outbound: ' : index > 0 ? 'Return: ' : '';
}

/** The Fare Rules tab: refunds, changes and their penalties, and baggage. */
export function FareRules({ offer, markup }: { offer: FlightOffer; markup: number }) {
  const { conditions } = offer;
  const refundable = conditions?.refundable === true;
  const changeable = conditions?.changeable === true;
  const bagServices = (offer.available_services ?? []).filter((service) =>
    service.type?.toLowerCase().includes('baggage'),
  );
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 md:grid-cols-2">
        <Rule allowed={refundable} title={refundable ? 'Refundable' : 'Non-refundable'}>
          {refundable
            ? `You can cancel this ticket for a refund before departure.${penalty(conditions.refund_before_departure, markup)}`
            : 'This ticket cannot be refunded once booked.'}
        </Rule>
        <Rule allowed={changeable} title={changeable ? 'Changes allowed' : 'No changes'}>
          {changeable
            ? `You can change this ticket before departure.${penalty(conditions.change_before_departure, markup)}`
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
        {bagServices.length > 0 && (
          <>
            <h3 className="mt-4 text-sm font-semibold">Extra bags you can add while booking</h3>
            <ul className="mt-2 grid gap-1 text-sm">
              {bagServices.map((service) => (
                <li key={service.id} className="flex justify-between gap-4">
                  <span>
                    {sliceLabel(offer, service.segment_ids)}
                    {service.description || service.name}
                  </span>
                  <span className="font-medium tabular-nums">
                    {formatDisplayPrice(service.total_amount, service.total_currency, markup)}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      {offer.passenger_identity_documents_required && (
        <p className="rounded-lg bg-subtle px-4 py-3 text-sm">
          A passport or identity document is required for every passenger on this trip.
        </p>
      )}
    </div>
  );
}
