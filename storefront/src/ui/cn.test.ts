import { twMerge } from 'tailwind-merge';
import { usedUtilities } from '../../build/used-utilities';
import { cn } from './cn';

/** `md:` of `md:hidden`: the variants, split off where no bracket is open. */
function variantsOf(utility: string): string {
  let depth = 0;
  let end = 0;
  for (let index = 0; index < utility.length; index += 1) {
    const character = utility[index];
    if (character === '[' || character === '(') depth += 1;
    else if (character === ']' || character === ')') depth -= 1;
    else if (character === ':' && depth === 0) end = index + 1;
  }
  return utility.slice(0, end);
}

describe('cn: tailwind-merge with the class groups the storefront uses (issue 38)', () => {
  it('merges every pair of the storefront’s utilities as tailwind-merge’s default config does', async () => {
    const utilities = await usedUtilities();
    expect(utilities.length).toBeGreaterThan(500);
    const byVariants = new Map<string, string[]>();
    for (const utility of utilities)
      byVariants.set(variantsOf(utility), [...(byVariants.get(variantsOf(utility)) ?? []), utility]);
    const differing: string[] = [];
    let pairs = 0;
    // Two utilities conflict only under the same variants.
    for (const sameVariants of byVariants.values()) {
      for (const first of sameVariants) {
        for (const second of sameVariants) {
          pairs += 1;
          const expected = twMerge(first, second);
          if (cn(first, second) !== expected)
            differing.push(`${first} + ${second}: ${cn(first, second)}, not ${expected}`);
        }
      }
    }
    expect(pairs).toBeGreaterThan(10_000);
    expect(
      differing,
      'src/ui/style-merge-config.ts lacks a class group: run `npm run style-merge-config -w @contrail/storefront`',
    ).toEqual([]);
  }, 60_000);

  it('lets a later utility win over an earlier one of its kind, and keeps the rest', () => {
    expect(cn('px-2 py-1', 'p-3')).toBe('p-3');
    expect(cn('text-sm text-primary-text', 'text-lg')).toBe('text-primary-text text-lg');
    expect(cn('h-10 px-4', false, 'md:hidden', undefined, 'px-2')).toBe('h-10 md:hidden px-2');
  });
});
