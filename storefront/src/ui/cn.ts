import { clsx, type ClassValue } from 'clsx';
import { extendTailwindMerge } from 'tailwind-merge';

/** Seed 000 §9: the style-merge cache holds 500 entries. */
const merge = extendTailwindMerge({ cacheSize: 500 });

/** Joins class names; later Tailwind utilities win over earlier conflicting ones. */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
