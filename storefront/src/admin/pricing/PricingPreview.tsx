import type { BrandPricing } from '@contrail/shared/pricing/pricing';
import { previewPricing, type PreviewTrip } from '@contrail/shared/pricing/preview';
import { CABIN_CLASSES, CABIN_LABELS, type CabinClass } from '@contrail/shared/search/cabin';
import { useState } from 'react';
import { CheckboxField, SelectField, TextField } from '../../forms/fields';

const SAMPLE: PreviewTrip = {
  from: 'JFK',
  to: 'LHR',
  carrier: 'BA',
  cabin: 'economy',
  roundTrip: false,
  adults: 2,
  amount: '812.40',
  currency: 'USD',
};

/** A made-up trip priced as checkout would price it under `pricing` (the rules as edited, saved or not). */
export function PricingPreview({ pricing }: { pricing: BrandPricing | null }) {
  const [trip, setTrip] = useState(SAMPLE);
  const [adults, setAdults] = useState(String(SAMPLE.adults));
  const text = (field: 'from' | 'to' | 'carrier' | 'amount', label: string) => (
    <TextField
      label={label}
      value={trip[field]}
      onChange={(event) => setTrip({ ...trip, [field]: event.target.value })}
      {...(field === 'amount' && { inputMode: 'decimal' as const })}
    />
  );
  const preview = pricing ? previewPricing(pricing, { ...trip, adults: Number(adults) }) : null;
  return (
    <section aria-labelledby="pricing-preview" className="grid gap-3 rounded-[var(--radius)] bg-subtle p-4">
      <h3 id="pricing-preview" className="text-sm font-semibold text-foreground">
        Preview
      </h3>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {text('from', 'From')}
        {text('to', 'To')}
        {text('carrier', 'Airline')}
        <SelectField
          label="Cabin"
          value={trip.cabin}
          onChange={(event) => setTrip({ ...trip, cabin: event.target.value as CabinClass })}
          options={CABIN_CLASSES.map((cabin) => ({ value: cabin, label: CABIN_LABELS[cabin] }))}
        />
        <TextField
          label="Adults"
          inputMode="numeric"
          value={adults}
          onChange={(event) => setAdults(event.target.value)}
        />
        {text('amount', `Provider price (${trip.currency})`)}
      </div>
      <CheckboxField
        label="Round trip"
        checked={trip.roundTrip}
        onChange={(event) => setTrip({ ...trip, roundTrip: event.target.checked })}
      />
      <p role="status" className="text-sm font-medium text-foreground">
        {!preview ? 'Fix the rules above to see a price.' : 'problem' in preview ? preview.problem : preview.line}
      </p>
    </section>
  );
}
