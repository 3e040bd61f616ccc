import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { staticChunks } from './static-chunks';

/**
 * The pages a visitor often opens first, besides the home (build/prerender-home.ts), each with its
 * own copy of index.html. The engine answers the page's paths with it (engine/src/http/storefront.ts).
 */
export const PAGE_HTML = [
  { file: 'search.html', module: 'src/results/SearchResultsPage.tsx' },
  { file: 'flight.html', module: 'src/flight/FlightDetailsPage.tsx' },
  { file: 'booking.html', module: 'src/booking/BookingPage.tsx' },
] as const;

const ENTRY_SCRIPT = /<script type="module" crossorigin src="[^"]+"><\/script>/;

/**
 * Writes `search.html`, `flight.html` and `booking.html`: index.html that also preloads the page's
 * own chunks, so they download beside the entry rather than after it has run and matched the route
 * (one round trip less before the page can ask for its data).
 */
export function pagePreloads(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'contrail:page-preloads',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || typeof index.source !== 'string' || !ENTRY_SCRIPT.test(index.source)) {
        throw new Error('The build has no index.html with an entry script');
      }
      const html = index.source;
      const entry = Object.values(bundle).find((output) => output.type === 'chunk' && output.isEntry);
      if (!entry) throw new Error('The build has no entry chunk');
      const entryChunks = staticChunks(bundle, entry.fileName);
      for (const { file, module } of PAGE_HTML) {
        const page = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.facadeModuleId === path.join(config.root, module),
        );
        if (!page) throw new Error(`The build has no chunk for ${module}`);
        const links = [...staticChunks(bundle, page.fileName)]
          .filter((chunk) => !entryChunks.has(chunk))
          .map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk}">`)
          .join('\n    ');
        // After the entry script: the entry and its own preloads are fetched first.
        const source = html.replace(ENTRY_SCRIPT, (script) => `${script}\n    ${links}`);
        this.emitFile({ type: 'asset', fileName: file, source });
      }
    },
  };
}
