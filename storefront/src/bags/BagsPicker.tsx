import { MAX_BAGS_WANTED, type BagsWanted } from '@contrail/shared/pricing/bags';
import { SelectField } from '../forms/fields';
import { cn } from '../ui/cn';

function counts(max: number, travellers: number): Array<{ value: string; label: string }> {
  const each = travellers > 1 ? ' each' : '';
  return Array.from({ length: max + 1 }, (_, count) => ({
    value: String(count),
    label: count === 0 ? 'None' : `${count}${each}`,
  }));
}

/**
 * How many checked and cabin bags each traveller brings (issue 35): the results page prices every
 * offer with them, checkout pre-selects them. Two native selects, so keyboards and screen readers
 * work as everywhere else.
 */
export function BagsPicker({
  value,
  onChange,
  travellers,
  className,
  idPrefix,
}: {
  value: BagsWanted;
  onChange: (bags: BagsWanted) => void;
  travellers: number;
  className?: string;
  idPrefix: string;
}) {
  const field = 'flex items-center gap-2 [&>div]:mb-0 [&_label]:whitespace-nowrap';
  return (
    <fieldset className={cn('flex flex-wrap items-center gap-x-4 gap-y-2', className)}>
      <legend className="sr-only">Price with my bags</legend>
      <SelectField
        id={`${idPrefix}-checked-bags`}
        label="Checked bags"
        options={counts(MAX_BAGS_WANTED.checked, travellers)}
        value={String(value.checked)}
        onChange={(event) => onChange({ ...value, checked: Number(event.target.value) })}
        wrapperClassName={field}
        className="h-10 w-auto"
      />
      <SelectField
        id={`${idPrefix}-cabin-bags`}
        label="Cabin bags"
        options={counts(MAX_BAGS_WANTED.carryOn, travellers)}
        value={String(value.carryOn)}
        onChange={(event) => onChange({ ...value, carryOn: Number(event.target.value) })}
        wrapperClassName={field}
        className="h-10 w-auto"
      />
    </fieldset>
  );
}
