import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The chunks a module needs before it runs: itself and its static imports, transitively. */
export function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** The app's entry in the manifest (the early chunk of build/prerender-pages.ts is an entry too). */
const ENTRY = 'index.html';

/**
 * The JS files a first visit to a page runs before the page shows: the entry's and the page
 * module's, and those of `more` (the early chunk, for the pages that run it).
 */
export function initialFiles(manifest: Manifest, pageModule: string, more: string[] = []): string[] {
  if (!manifest[ENTRY]?.isEntry) throw new Error('The build manifest has no entry');
  const keys = [ENTRY, pageModule, ...more].reduce(
    (closure, key) => staticClosure(manifest, key, closure),
    new Set<string>(),
  );
  return [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}

/** Bytes of those files gzipped (level 9, as the build precompresses them). */
export function initialJsGzipBytes(distDir: string, pageModule: string, more: string[] = []): number {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  return initialFiles(manifest, pageModule, more).reduce(
    (total, file) => total + zlib.gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length,
    0,
  );
}

/** A served script's gzip-equivalent size: its file in the build (by URL), gzipped as the engine serves it. */
export function servedGzipBytes(distDir: string, url: string): number {
  const file = path.join(distDir, decodeURIComponent(new URL(url).pathname));
  if (!file.startsWith(distDir) || !existsSync(file)) return 0;
  return zlib.gzipSync(readFileSync(file), { level: 6 }).length;
}
