// Decides what `npm start` must build: a package is stale when any of its sources (or the
// shared sources it bundles) is newer than its build output.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const IGNORED = new Set(['node_modules', 'dist', '.data', 'coverage']);

export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (IGNORED.has(entry) || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** True when `output` is missing or older than any of `inputs`. */
export function isStale(output, inputs) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return inputs.some((input) => newestMtime(input) > built);
}
