import { CABIN_CLASSES, CABIN_LABELS } from '@contrail/shared/search/cabin';
import { FEE_BASES, TRIP_TYPES } from '@contrail/shared/pricing/pricing';
import { REGION_IDS, REGIONS } from '@contrail/shared/pricing/regions';
import { SelectField, TextField } from '../../forms/fields';
import type { MarkupDraft, PricingErrors, RuleDraft } from './pricing-draft';

const ANY = { value: '', label: 'Any' };
const TRIP_LABELS = { one_way: 'One way', round_trip: 'Round trip', multi_city: 'Multi-city' } as const;
const PLACE_HINT = `A country code (GB) or a region: ${REGION_IDS.map((id) => `${id} (${REGIONS[id].name})`).join(', ')}`;

/** Percentage, fixed fee and what the fee is counted per: a rule's or the default's. */
export function MarkupFields({
  markup,
  onChange,
  errors,
  prefix,
}: {
  markup: MarkupDraft;
  onChange: (next: MarkupDraft) => void;
  errors: PricingErrors;
  prefix: string;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <TextField
        label="Percentage (%)"
        inputMode="decimal"
        value={markup.percent}
        onChange={(event) => onChange({ ...markup, percent: event.target.value })}
        error={errors[`${prefix}.percent`]}
      />
      <TextField
        label="Fixed fee"
        inputMode="decimal"
        value={markup.fixed}
        onChange={(event) => onChange({ ...markup, fixed: event.target.value })}
        error={errors[`${prefix}.fixed`]}
      />
      <SelectField
        label="Fee per"
        value={markup.per}
        onChange={(event) => onChange({ ...markup, per: event.target.value as MarkupDraft['per'] })}
        options={FEE_BASES.map((basis) => ({ value: basis, label: basis === 'booking' ? 'Booking' : 'Traveller' }))}
      />
    </div>
  );
}

/** One rule's name, what it matches and what it adds. */
export function RuleFields({
  rule,
  onChange,
  errors,
  prefix,
}: {
  rule: RuleDraft;
  onChange: (next: RuleDraft) => void;
  errors: PricingErrors;
  prefix: string;
}) {
  const text = (field: 'name' | 'origin' | 'destination' | 'carrier') => ({
    value: rule[field],
    onChange: (event: { target: { value: string } }) => onChange({ ...rule, [field]: event.target.value }),
    error: errors[`${prefix}.${field}`],
  });
  return (
    <div className="grid gap-3">
      <TextField label="Name" {...text('name')} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="From" placeholder="Any" hint={PLACE_HINT} {...text('origin')} />
        <TextField label="To" placeholder="Any" {...text('destination')} />
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label="Airline" placeholder="Any, or a code like BA" {...text('carrier')} />
        <SelectField
          label="Cabin"
          value={rule.cabin}
          onChange={(event) => onChange({ ...rule, cabin: event.target.value })}
          options={[ANY, ...CABIN_CLASSES.map((cabin) => ({ value: cabin, label: CABIN_LABELS[cabin] }))]}
        />
        <SelectField
          label="Trip"
          value={rule.tripType}
          onChange={(event) => onChange({ ...rule, tripType: event.target.value })}
          options={[ANY, ...TRIP_TYPES.map((trip) => ({ value: trip, label: TRIP_LABELS[trip] }))]}
        />
      </div>
      <MarkupFields
        markup={rule}
        onChange={(markup) => onChange({ ...rule, ...markup })}
        errors={errors}
        prefix={prefix}
      />
    </div>
  );
}
