import { SORT_OPTIONS, isSortOption, type SortOption } from '@contrail/shared/results/sort';
import { SelectField } from '../forms/fields';

export function SortSelect({ value, onChange }: { value: SortOption; onChange: (sort: SortOption) => void }) {
  return (
    <SelectField
      label="Sort by"
      options={SORT_OPTIONS}
      value={value}
      onChange={(event) => isSortOption(event.target.value) && onChange(event.target.value)}
      wrapperClassName="flex items-center gap-2 [&>div]:mb-0 [&_label]:whitespace-nowrap"
      className="h-10 w-auto"
    />
  );
}
