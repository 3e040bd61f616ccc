import path from 'node:path';
import type { Rolldown } from 'vite';

type ChunkingContext = Parameters<Extract<Rolldown.CodeSplittingGroup['name'], (...args: never[]) => unknown>>[1];

/** A first page (or a chunk loaded beside it): its name and the modules it loads before it shows. */
export interface FirstPage {
  name: string;
  modules: string[];
}

/**
 * Issue 38: a first page fetched 25–48 script files before it showed, most of them a few hundred
 * bytes, because the bundler makes one chunk for every set of lazy chunks that share a module.
 * This groups the modules a first page loads before it shows by the set of first pages that load
 * them (at most one chunk per set, so a page fetches a handful), and leaves the rest to the
 * bundler. No first page loads a byte more: each group holds only modules every page of its set
 * needs. The entry's own modules, the pages' modules and the chunks they are loaded with stay
 * where the bundler puts them (the prerender plugin finds those by their module).
 *
 * A module's imports are loaded by every page that loads it, so a group only imports groups of
 * more pages or the entry: the groups cannot import each other in a cycle, and they need no
 * stricter execution order.
 */
export function firstPageGroupName(root: string, entry: string, pages: FirstPage[]) {
  const absolute = (module: string) => path.join(root, module);
  const own = new Set([entry, ...pages.flatMap((page) => page.modules)].map(absolute));
  let pagesOf: Map<string, string[]> | undefined;

  return (moduleId: string, ctx: ChunkingContext): string | null => {
    pagesOf ??= firstPagesOfModules(ctx, absolute(entry), pages, absolute);
    const names = pagesOf.get(moduleId);
    if (!names || own.has(moduleId)) return null;
    return `first-${names.join('-')}`;
  };
}

/** For each module some first page loads before it shows (and the entry does not): those pages. */
function firstPagesOfModules(
  ctx: ChunkingContext,
  entry: string,
  pages: FirstPage[],
  absolute: (module: string) => string,
): Map<string, string[]> {
  const entryModules = staticClosure(ctx, [entry]);
  const pagesOf = new Map<string, string[]>();
  for (const page of pages) {
    for (const id of staticClosure(ctx, page.modules.map(absolute))) {
      if (entryModules.has(id)) continue;
      pagesOf.set(id, [...(pagesOf.get(id) ?? []), page.name]);
    }
  }
  return pagesOf;
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
 * A package's index that re-exports its many modules (date-fns, lucide-react): what a page takes
 * from it is known only after tree-shaking, so its modules are left to the bundler.
 */
function isBarrel(id: string, imported: string[]): boolean {
  return id.includes('/node_modules/') && imported.length > 40;
}
