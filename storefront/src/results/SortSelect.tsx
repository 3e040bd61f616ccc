import { SORT_OPTIONS, isSortOption, type SortOption } from '@contrail/shared/results/sort';
import { lazy, Suspense } from 'react';
import { SelectField } from '../forms/fields';

// Radix's tooltip and its positioning in a chunk of their own, loaded when Best is chosen.
const BestSortTooltip = lazy(() => import('./BestSortTooltip'));

export function SortSelect({ value, onChange }: { value: SortOption; onChange: (sort: SortOption) => void }) {
  return (
    <div className="flex items-center gap-1">
      <SelectField
        label="Sort by"
        options={SORT_OPTIONS}
        value={value}
        onChange={(event) => isSortOption(event.target.value) && onChange(event.target.value)}
        wrapperClassName="flex items-center gap-2 [&>div]:mb-0 [&_label]:whitespace-nowrap"
        className="h-10 w-auto"
      />
      {value === 'best' && (
        <Suspense fallback={<span className="inline-block h-10 w-10" aria-hidden />}>
          <BestSortTooltip />
        </Suspense>
      )}
    </div>
  );
}
