/**
 * Writes src/ui/style-merge-config.ts: tailwind-merge's default config cut to the class groups the
 * storefront's utilities fall in (issue 38: the whole config was about 6 kB gzip of every first
 * page, for a few dozen groups used). Run it after using a utility of a new kind:
 * `npm run style-merge-config -w @contrail/storefront`. src/ui/cn.test.ts checks the cut config
 * against the default one on every pair of the storefront's utilities.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { createTailwindMerge, getDefaultConfig, validators, type Config as AnyConfig } from 'tailwind-merge';
import { usedUtilities } from './used-utilities.ts';

type Config = AnyConfig<string, string>;
type ClassGroup = Config['classGroups'][string];
type ClassDefinition = ClassGroup[number];
type ThemeGetter = ((theme: unknown) => unknown) & { isThemeGetter: true; themeKey: string };

const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/ui/style-merge-config.ts');
const full = getDefaultConfig() as unknown as Config;
const utilities = await usedUtilities();

/** A merge that knows only `classGroups`: it keeps both copies of a class none of them matches. */
const mergeWith = (classGroups: Config['classGroups']) =>
  createTailwindMerge(() => ({
    ...full,
    classGroups,
    conflictingClassGroups: {},
    conflictingClassGroupModifiers: {},
  }));
const matches = (merge: (classes: string) => string, utility: string) => merge(`${utility} ${utility}`) === utility;
// Arbitrary properties (`[overflow-wrap:anywhere]`) need no group: tailwind-merge's core knows them.
const noGroup = mergeWith({});
const grouped = utilities.filter((utility) => !matches(noGroup, utility));
/** The groups, in the default config's order (which decides between two groups that both match). */
const groups = Object.keys(full.classGroups).filter((group) => {
  const alone = mergeWith({ [group]: full.classGroups[group]! });
  return grouped.some((utility) => matches(alone, utility));
});
const kept = new Set(groups);
const keep = (names: readonly string[] = []) => names.filter((name) => kept.has(name));
const within = (map: Partial<Record<string, readonly string[]>>) =>
  Object.fromEntries(
    Object.entries(map)
      .filter(([group]) => kept.has(group))
      .map(([group, others]) => [group, keep(others)] as const)
      .filter(([, others]) => others.length > 0),
  );

const classGroups = Object.fromEntries(groups.map((group) => [group, pruned(group, full.classGroups[group]!)]));
const themeKeys = new Set<string>();
const validatorNames = new Set<string>();
// The theme last: it holds the keys the groups' theme getters name.
const parts = {
  classGroups: source(classGroups),
  conflictingClassGroups: source(within(full.conflictingClassGroups)),
  conflictingClassGroupModifiers: source(within(full.conflictingClassGroupModifiers)),
  postfixLookupClassGroups: source(keep(full.postfixLookupClassGroups)),
  orderSensitiveModifiers: source(full.orderSensitiveModifiers),
};
const theme = Object.fromEntries([...themeKeys].sort().map((key) => [key, full.theme[key]]));
const body = Object.entries({ cacheSize: '500', theme: source(theme), ...parts })
  .map(([key, value]) => `${key}: ${value}`)
  .join(', ');

const text = `// Written by build/write-style-merge-config.ts from tailwind-merge's default config: only the class
// groups the storefront's utilities fall in. Do not edit; run \`npm run style-merge-config -w @contrail/storefront\`.
import { fromTheme, validators, type Config } from 'tailwind-merge';

const { ${[...validatorNames].sort().join(', ')} } = validators;

/** Seed 000 §9: the style-merge cache holds 500 entries. */
export function styleMergeConfig(): Config<string, string> {
  return { ${body} };
}
`;
writeFileSync(target, await prettier.format(text, { ...(await prettier.resolveConfig(target)), filepath: target }));
console.log(
  `${path.relative(process.cwd(), target)}: ${groups.length} of ${Object.keys(full.classGroups).length} class groups, ${utilities.length} utilities`,
);

/** The group without the values, validators and prefixes none of the storefront's utilities needs. */
function pruned(group: string, definition: ClassGroup): ClassDefinition[] {
  const ours = grouped.filter((utility) => matches(mergeWith({ [group]: definition }), utility));
  const matched = (trial: ClassDefinition[]) => {
    const alone = mergeWith({ [group]: trial });
    return ours.filter((utility) => matches(alone, utility)).length;
  };
  return prune([...definition], (trial) => matched(trial) === ours.length);
}

/** Drops each part whose loss leaves `same` true; in `{ prefix: [...] }` parts, each value. */
function prune(items: ClassDefinition[], same: (trial: ClassDefinition[]) => boolean): ClassDefinition[] {
  let kept = items;
  for (let index = kept.length - 1; index >= 0; index -= 1) {
    const without = kept.filter((_, other) => other !== index);
    if (same(without)) {
      kept = without;
      continue;
    }
    const part = kept[index];
    if (typeof part !== 'object') continue;
    let prefixes = { ...part } as Record<string, ClassDefinition[]>;
    for (const prefix of Object.keys(prefixes)) {
      const withPrefix = (values: ClassDefinition[]) =>
        kept.map((each, other) => (other === index ? { ...prefixes, [prefix]: values } : each));
      prefixes = { ...prefixes, [prefix]: prune([...prefixes[prefix]!], (values) => same(withPrefix(values))) };
    }
    kept = kept.map((each, other) => (other === index ? prefixes : each));
  }
  return kept;
}

function source(value: unknown): string {
  if (typeof value === 'string') return `'${value.replace(/'/g, "\\'")}'`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'function') {
    if ((value as ThemeGetter).isThemeGetter) {
      themeKeys.add((value as ThemeGetter).themeKey);
      return `fromTheme('${(value as ThemeGetter).themeKey}')`;
    }
    const name = Object.entries(validators).find(([, validator]) => validator === value)?.[0];
    if (!name) throw new Error(`A function in the default config is not one of tailwind-merge's validators`);
    validatorNames.add(name);
    return name;
  }
  if (Array.isArray(value)) return `[${value.map(source).join(', ')}]`;
  if (value && typeof value === 'object') {
    return `{ ${Object.entries(value)
      .map(([key, each]) => `'${key}': ${source(each)}`)
      .join(', ')} }`;
  }
  throw new Error(`Cannot write ${String(value)}`);
}
