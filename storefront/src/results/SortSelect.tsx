import { SORT_OPTIONS, isSortOption, type SortOption } from '@contrail/shared/results/sort';
import { useId } from 'react';

export function SortSelect({ value, onChange }: { value: SortOption; onChange: (sort: SortOption) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium whitespace-nowrap">
        Sort by
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => isSortOption(event.target.value) && onChange(event.target.value)}
        className="h-10 rounded-[var(--radius)] border border-border bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
