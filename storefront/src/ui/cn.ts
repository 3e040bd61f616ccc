import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { styleMergeConfig } from './style-merge-config';

/** tailwind-merge with the class groups the storefront uses, not its whole default config (issue 38). */
const merge = createTailwindMerge(styleMergeConfig);

/** Joins class names; later Tailwind utilities win over earlier conflicting ones. */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
