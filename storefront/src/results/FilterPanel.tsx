import type { AirlineOption } from '@contrail/shared/results/airline-options';
import { toggle, type FilterState, type PriceRange } from '@contrail/shared/results/filter-state';
import { formatPrice } from '@contrail/shared/results/format';
import { PRICE_STEP } from '@contrail/shared/results/price-bounds';
import { STOP_OPTIONS } from '@contrail/shared/results/stops';
import { timeBuckets, type TimeBucketId } from '@contrail/shared/reference/time-buckets';
import type { SearchFacets } from '@contrail/shared/flights/offer';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { ComparisonFilters } from './ComparisonFilters';
import { Check, RangeSlider, Section } from './filter-controls';

const BUCKET_NAMES: Record<TimeBucketId, string> = {
  early_morning: 'Early Morning',
  morning: 'Morning',
  afternoon: 'Afternoon',
  evening: 'Evening',
};

interface FilterPanelProps {
  id: string;
  filters: FilterState;
  onChange: (filters: FilterState) => void;
  priceBounds: PriceRange | null;
  durationBounds: { min: number; max: number } | null;
  airlines: AirlineOption[];
  /** Connecting airports and emissions over every offer found. */
  facets: SearchFacets | null;
  currency: string;
  activeCount: number;
  onClear: () => void;
  onApply: () => void;
  className?: string;
}

/** Seed 000 §5 filters; every change applies at once, Apply Filters closes the panel. */
export function FilterPanel(props: FilterPanelProps) {
  const { filters, onChange, priceBounds, durationBounds, airlines, currency, activeCount } = props;
  const set = (change: Partial<FilterState>) => onChange({ ...filters, ...change });
  const price = filters.priceRange ?? priceBounds;
  const duration = filters.duration ?? durationBounds?.max ?? null;

  return (
    <section
      id={props.id}
      aria-label="Filters"
      className={cn('rounded-xl border border-border bg-background shadow-sm', props.className)}
    >
      <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
        <h2 className="flex items-center gap-2 text-base font-semibold">
          Filters
          {activeCount > 0 && (
            <span
              className="rounded-full bg-primary-surface px-2 py-0.5 text-xs font-bold text-primary-foreground"
              aria-label={`${activeCount} active`}
            >
              {activeCount}
            </span>
          )}
        </h2>
        <Button variant="ghost" size="sm" onClick={props.onClear} disabled={activeCount === 0}>
          Clear all
        </Button>
      </div>

      <div className="max-h-none px-4 py-4 lg:max-h-[calc(100vh-14rem)] lg:overflow-y-auto">
        {priceBounds && price && (
          <Section title="Price range">
            <RangeSlider
              min={priceBounds.min}
              max={priceBounds.max}
              step={PRICE_STEP}
              value={[price.min, price.max]}
              labels={['Minimum price', 'Maximum price']}
              onChange={([min = priceBounds.min, max = priceBounds.max]) => {
                const whole = min <= priceBounds.min && max >= priceBounds.max;
                set({ priceRange: whole ? null : { min, max } });
              }}
            />
            <p className="mt-2 flex justify-between text-sm tabular-nums text-muted-foreground">
              <span>{formatPrice(price.min, currency)}</span>
              <span>{formatPrice(price.max, currency)}</span>
            </p>
          </Section>
        )}

        <Section title="Stops">
          {STOP_OPTIONS.map((option) => (
            <Check
              key={option.value}
              label={option.label}
              checked={filters.stops.includes(option.value)}
              onChange={() => set({ stops: toggle(filters.stops, option.value) })}
            />
          ))}
        </Section>

        <Section title="Airlines">
          <div className="grid grid-cols-1 sm:grid-cols-2 lg:grid-cols-1">
            {airlines.map((airline) => (
              <Check
                key={airline.code}
                label={airline.name}
                hint={airline.code}
                checked={filters.airlines.includes(airline.code)}
                onChange={() => set({ airlines: toggle(filters.airlines, airline.code) })}
              />
            ))}
          </div>
        </Section>

        <Section title="Departure time">
          {timeBuckets.map((bucket) => (
            <Check
              key={bucket.id}
              label={BUCKET_NAMES[bucket.id]}
              hint={bucket.label}
              checked={filters.departureTime.includes(bucket.id)}
              onChange={() => set({ departureTime: toggle(filters.departureTime, bucket.id) })}
            />
          ))}
        </Section>

        <Section title="Arrival time">
          {timeBuckets.map((bucket) => (
            <Check
              key={bucket.id}
              label={BUCKET_NAMES[bucket.id]}
              hint={bucket.label}
              checked={filters.arrivalTime.includes(bucket.id)}
              onChange={() => set({ arrivalTime: toggle(filters.arrivalTime, bucket.id) })}
            />
          ))}
        </Section>

        {durationBounds && duration !== null && (
          <Section title="Maximum duration">
            <RangeSlider
              min={durationBounds.min}
              max={durationBounds.max}
              step={1}
              value={[duration]}
              labels={['Maximum flight duration in hours']}
              onChange={([hours = durationBounds.max]) => set({ duration: hours >= durationBounds.max ? null : hours })}
            />
            <p className="mt-2 text-sm text-muted-foreground">Up to {duration}h per flight</p>
          </Section>
        )}

        <ComparisonFilters filters={filters} facets={props.facets} onChange={set} />

        <Section title="Fare options">
          <Check
            label="Refundable only"
            checked={filters.refundable}
            onChange={() => set({ refundable: !filters.refundable })}
          />
          <Check
            label="Baggage included"
            checked={filters.baggageIncluded}
            onChange={() => set({ baggageIncluded: !filters.baggageIncluded })}
          />
        </Section>
      </div>

      <div className="flex gap-2 border-t border-border px-4 py-3">
        <Button variant="outline" className="flex-1" onClick={props.onClear}>
          Reset Filters
        </Button>
        <Button className="flex-1" onClick={props.onApply}>
          Apply Filters
        </Button>
      </div>
    </section>
  );
}
