import path from 'node:path';
import { OFFER_SUMMARY_MODULE } from '../../shared/src/site/offer-slot.ts';
import { build, type Plugin, type ResolvedConfig } from 'vite';

/** The entry whose `renderOfferSummary` the engine calls for an offer it listed. */
const ENTRY = 'src/app/server/offer-summary.tsx';

/**
 * Writes the offer pages' summary renderer (src/app/server/offer-summary.tsx) as one server module
 * in the build's dot folder (never served): React and the components bundled in, so the engine
 * needs nothing of the storefront's dependencies to load it (engine/src/http/offer-summary-module.ts).
 */
export function offerSummaryModule(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'contrail:offer-summary-module',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      sequential: true,
      async handler() {
        if (config.build.ssr) return;
        const output = path.resolve(config.root, config.build.outDir, OFFER_SUMMARY_MODULE);
        await build({
          configFile: false,
          root: config.root,
          logLevel: 'error',
          publicDir: false,
          resolve: { alias: config.resolve.alias },
          define: { 'process.env.NODE_ENV': JSON.stringify('production') },
          ssr: { noExternal: true },
          build: {
            ssr: ENTRY,
            outDir: path.dirname(output),
            emptyOutDir: true,
            minify: true,
            rolldownOptions: { output: { entryFileNames: path.basename(output) } },
          },
        });
      },
    },
  };
}
