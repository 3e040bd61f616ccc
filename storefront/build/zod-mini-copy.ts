import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

/** What marks a module of the first pages' own copy of zod. */
const COPY = '?first-page-zod';
/** The module the first pages' contracts take zod/mini from. */
const ZOD_MINI_MODULE = /[\\/]shared[\\/]src[\\/]validation[\\/]zod-mini\.ts$/;

/**
 * The offer contracts a first page reads its answers with are zod/mini (issue 38), but zod core is
 * one set of modules for the whole app, and the bundler keeps of each module what any of its
 * importers uses: with zod classic in the app's later chunks (forms, booking, account), the first
 * pages fetched 23 kB gzip of core for schemas that need a third of it. So the zod that
 * shared/src/validation/zod-mini.ts imports, and everything it imports in turn, is a copy of its
 * own, kept to what mini's schemas use; classic's copy waits for the visitor. The two copies share
 * their config and registry (zod keeps them on globalThis), and the storefront mixes no mini
 * schema into a classic one.
 */
export function zodMiniCopy(): Plugin {
  return {
    name: 'contrail:zod-mini-copy',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !(ZOD_MINI_MODULE.test(importer) || importer.endsWith(COPY))) return null;
      const resolved = await this.resolve(source, importer.replace(COPY, ''), { ...options, skipSelf: true });
      return resolved && !resolved.external ? { ...resolved, id: `${resolved.id}${COPY}` } : resolved;
    },
    load(id) {
      return id.endsWith(COPY) ? readFile(id.slice(0, -COPY.length), 'utf8') : null;
    },
  };
}
