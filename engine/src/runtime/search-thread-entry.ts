import { fileURLToPath } from 'node:url';
import type { SearchThreadModule } from '../flights/search-thread/search-thread-pages.js';

/**
 * The search thread's module: the compiled search-thread.js beside this file, or, when the engine
 * runs from its TypeScript sources (tests, benches), a bootstrap that loads the .ts source through
 * tsx, with the workspace packages' sources.
 */
export function searchThreadEntry(): SearchThreadModule {
  const fromSource = fileURLToPath(import.meta.url).endsWith('.ts');
  const url = new URL(fromSource ? './search-thread-source.mjs' : './search-thread.js', import.meta.url);
  return { url, ...(fromSource && { execArgv: ['--conditions=source'] }) };
}
