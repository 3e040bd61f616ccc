import path from 'node:path';
import type { Rolldown } from 'vite';

type ChunkingContext = Parameters<Extract<Rolldown.CodeSplittingGroup['name'], (...args: never[]) => unknown>>[1];

/** A first page (or a chunk loaded beside it): its name and the modules it loads before it shows. */
export interface FirstPage {
  name: string;
  modules: string[];
}

/** The group of the modules every first page loads: the entry's. */
const ALL = 'first-all';

/**
 * A group smaller than this (source bytes before minifying) joins the smallest larger group whose
 * pages include all of its own: those other pages load a few hundred bytes more, and every page of
 * the small group one request less.
 */
const MIN_GROUP_BYTES = 4_000;

/**
 * Issue 38: a first page fetched 25–48 script files before it showed, most of them a few hundred
 * bytes, because the bundler makes one chunk for every set of lazy chunks that share a module.
 * This groups the modules a first page loads before it shows by the set of first pages that load
 * them (one chunk per set, small sets joined to a larger one), and leaves the rest (what only
 * later pages load) to the bundler. The pages' own modules and the chunks they are loaded with
 * stay where the bundler puts them (the prerender plugin finds those by their module).
 *
 * A module's imports are loaded by every page that loads it, so a group only imports groups of
 * more pages: the groups cannot import each other in a cycle, and they need no stricter
 * execution order.
 */
export function firstPageGroupName(root: string, entry: string, pages: FirstPage[]) {
  const absolute = (module: string) => path.join(root, module);
  const own = new Set([entry, ...pages.flatMap((page) => page.modules)].map(absolute));
  let groups: Map<string, string> | undefined;

  return (moduleId: string, ctx: ChunkingContext): string | null => {
    groups ??= joinSmallGroups(ctx, pageSetsOfModules(ctx, absolute(entry), pages, absolute));
    return own.has(moduleId) ? null : (groups.get(moduleId) ?? null);
  };
}

/** For each module a first page loads before it shows: the group of the pages that load it. */
function pageSetsOfModules(
  ctx: ChunkingContext,
  entry: string,
  pages: FirstPage[],
  absolute: (module: string) => string,
): Map<string, string> {
  const entryModules = staticClosure(ctx, [entry]);
  const pagesOf = new Map<string, string[]>();
  for (const page of pages) {
    for (const id of staticClosure(ctx, page.modules.map(absolute))) {
      if (!entryModules.has(id)) pagesOf.set(id, [...(pagesOf.get(id) ?? []), page.name]);
    }
  }
  const groups = new Map([...entryModules].map((id) => [id, ALL]));
  for (const [id, names] of pagesOf) groups.set(id, `first-${names.join('-')}`);
  return groups;
}

/** Small groups' modules moved to the smallest group whose pages include theirs (or the entry's). */
function joinSmallGroups(ctx: ChunkingContext, groups: Map<string, string>): Map<string, string> {
  const bytes = new Map<string, number>();
  for (const [id, group] of groups) {
    bytes.set(group, (bytes.get(group) ?? 0) + (ctx.getModuleInfo(id)?.code?.length ?? 0));
  }
  const pagesOf = (group: string) => group.replace(/^first-/, '').split('-');
  const large = [...bytes].filter(([group, size]) => group === ALL || size >= MIN_GROUP_BYTES).map(([group]) => group);
  const destination = (group: string) => {
    if (large.includes(group)) return group;
    const pages = pagesOf(group);
    const supersets = large
      .filter((other) => other !== ALL && pages.every((page) => pagesOf(other).includes(page)))
      .sort((a, b) => pagesOf(a).length - pagesOf(b).length);
    return supersets[0] ?? ALL;
  };
  return new Map([...groups].map(([id, group]) => [id, destination(group)]));
}

function staticClosure(ctx: ChunkingContext, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const imported = ctx.getModuleInfo(id)?.importedIds ?? [];
    if (!isBarrel(id, imported)) stack.push(...imported);
  }
  return seen;
}

/**
 * A package's index that re-exports its many modules: what a page takes from it is known only
 * after tree-shaking, so its modules are left to the bundler. (The storefront imports lucide-react's
 * icons and date-fns' functions one module each, so that they join the pages' groups.)
 */
function isBarrel(id: string, imported: string[]): boolean {
  return id.includes('/node_modules/') && imported.length > 20;
}
