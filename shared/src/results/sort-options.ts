/** Seed 000 §9: sort options, price-asc by default; Best and Lowest emissions added (issue 35). */
export const SORT_VALUES = ['price-asc', 'price-desc', 'duration-asc', 'best', 'emissions-asc'] as const;
export type SortOption = (typeof SORT_VALUES)[number];
export const DEFAULT_SORT: SortOption = 'price-asc';

/** The orders a provider listing can be asked in (Duffel sorts by one criterion); the rest are ours. */
export const PROVIDER_SORT_VALUES = ['price-asc', 'price-desc', 'duration-asc'] as const;
export type ProviderSort = (typeof PROVIDER_SORT_VALUES)[number];

const SORT_LABELS: Record<SortOption, string> = {
  'price-asc': 'Price: Low to High',
  'price-desc': 'Price: High to Low',
  'duration-asc': 'Duration: Shortest',
  best: 'Best',
  'emissions-asc': 'Emissions: Lowest',
};
export const SORT_OPTIONS = SORT_VALUES.map((value) => ({ value, label: SORT_LABELS[value] }));

export function isSortOption(value: unknown): value is SortOption {
  return (SORT_VALUES as readonly unknown[]).includes(value);
}

export function isProviderSort(sort: SortOption): sort is ProviderSort {
  return (PROVIDER_SORT_VALUES as readonly string[]).includes(sort);
}
