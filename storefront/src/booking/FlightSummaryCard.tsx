import type { SearchOffer, SearchSlice } from '@contrail/shared/flights/search-offer';
import { sliceLabel } from '@contrail/shared/flights/slice-label';
import { sliceArrival, sliceDeparture, sliceDurationMinutes } from '@contrail/shared/results/offer-facts';
import { formatDate, formatMinutes, formatPrice, formatTime } from '@contrail/shared/results/format';
import { stopsLabel } from '@contrail/shared/results/stops';
import Plane from 'lucide-react/icons/plane';
import { DayOffset } from '../ui/DayOffset';
import { Card } from '../ui/card';
import type { OfferPrice } from './booking-flow';

function SliceRow({ slice, label }: { slice: SearchSlice; label: string }) {
  return (
    <section aria-label={`${label} flight`} className="grid gap-2 border-b border-border py-3 last:border-b-0">
      <p className="flex items-center gap-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        <Plane className="h-3.5 w-3.5" aria-hidden /> {label} · {formatDate(sliceDeparture(slice))}
      </p>
      <div className="grid grid-cols-[1fr_auto_1fr] items-center gap-2">
        <div>
          <p className="text-lg font-bold tabular-nums">{formatTime(sliceDeparture(slice))}</p>
          <p className="font-semibold">{slice.origin?.iata_code}</p>
          <p className="truncate text-xs text-muted-foreground">{slice.origin?.city_name}</p>
        </div>
        <div className="text-center text-xs text-muted-foreground">
          <p>{formatMinutes(sliceDurationMinutes(slice))}</p>
          <p className="my-1 h-px w-16 bg-border" aria-hidden />
          <p>{stopsLabel(slice.segments.length)}</p>
        </div>
        <div className="text-right">
          <p className="text-lg font-bold tabular-nums">
            {formatTime(sliceArrival(slice))}
            <DayOffset from={sliceDeparture(slice)} to={sliceArrival(slice)} />
          </p>
          <p className="font-semibold">{slice.destination?.iata_code}</p>
          <p className="truncate text-xs text-muted-foreground">{slice.destination?.city_name}</p>
        </div>
      </div>
    </section>
  );
}

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'flex justify-between text-base font-bold' : 'flex justify-between text-sm'}>
      <dt className={strong ? undefined : 'text-muted-foreground'}>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** Seed 001 §2: on every step, the outbound and return slices and the price breakdown. */
export function FlightSummaryCard({ offer, price }: { offer: SearchOffer; price: OfferPrice }) {
  return (
    <Card className="p-4" aria-label="Flight summary" role="region">
      <h2 className="text-lg font-bold">Flight Summary</h2>
      {offer.slices.map((slice, index) => (
        <SliceRow key={slice.id ?? index} slice={slice} label={sliceLabel(offer.slices, index)} />
      ))}
      <dl className="mt-2 grid gap-1 border-t border-border pt-3">
        <Line label="Base fare" value={formatPrice(price.baseFare, price.currency)} />
        <Line label="Taxes and fees" value={formatPrice(price.taxes, price.currency)} />
        {price.seats > 0 && <Line label="Seats" value={formatPrice(price.seats, price.currency)} />}
        {price.bags > 0 && <Line label="Bags" value={formatPrice(price.bags, price.currency)} />}
        <Line label="Total price" value={formatPrice(price.total, price.currency)} strong />
      </dl>
    </Card>
  );
}
