/** Seed 000 §9: sort options, price-asc by default. */
export const SORT_VALUES = ['price-asc', 'price-desc', 'duration-asc'] as const;
export type SortOption = (typeof SORT_VALUES)[number];
export const DEFAULT_SORT: SortOption = 'price-asc';

const SORT_LABELS: Record<SortOption, string> = {
  'price-asc': 'Price: Low to High',
  'price-desc': 'Price: High to Low',
  'duration-asc': 'Duration: Shortest',
};
export const SORT_OPTIONS = SORT_VALUES.map((value) => ({ value, label: SORT_LABELS[value] }));

export function isSortOption(value: unknown): value is SortOption {
  return (SORT_VALUES as readonly unknown[]).includes(value);
}
