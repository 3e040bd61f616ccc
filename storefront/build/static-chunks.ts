import type { Rollup } from 'vite';

/** The JS chunks a chunk needs before it runs: itself and its static imports, transitively. */
export function staticChunks(bundle: Rollup.OutputBundle, file: string, into = new Set<string>()): Set<string> {
  const chunk = bundle[file];
  if (into.has(file) || chunk?.type !== 'chunk') return into;
  into.add(file);
  for (const imported of chunk.imports) staticChunks(bundle, imported, into);
  return into;
}
