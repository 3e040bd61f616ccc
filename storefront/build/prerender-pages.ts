import { createHash } from 'node:crypto';
import path from 'node:path';
import { runnerImport, type Plugin, type ResolvedConfig } from 'vite';
import { staticChunks } from './static-chunks.ts';

/** The module that renders the pages' first screens. */
const SHELL_MODULE = 'src/app/shell/shells.tsx';
/** The module that renders the offer pages' frame (the engine fills in the offer). */
const OFFER_FRAME_MODULE = 'src/flight/offer-frame.tsx';
/** The chunk that starts a first page's API calls beside the app's scripts. */
export const EARLY_MODULE = 'src/app/early/start.ts';
type ShellName = 'home' | 'search';
const OFFER_CONTRACT = '../shared/src/flights/offer.ts';

/**
 * The pages a visitor often opens first, each with its own copy of index.html that loads its own
 * chunks with the entry. The engine answers the page's paths with it (engine/src/http/storefront.ts);
 * other pages get index.html.
 *
 * Home and results have their first screen prerendered (src/app/shell/shells.tsx): their largest
 * text (the hero's, the search banner's) is there before any script. Details and booking have
 * none: their largest text is the offer's, which needs the app, so a prerendered screen would only
 * put the app's start-up work after the first paint (Lighthouse's Total Blocking Time, measured
 * from it) and start the scripts later; their HTML starts the scripts and the early calls at once.
 * For an offer the engine listed lately, it answers their `offer` file instead: the page's frame,
 * with the top of the page for that offer filled in by the engine, rendered by the storefront's own
 * components (src/app/server/offer-summary.tsx, written by build/offer-summary-module.ts),
 * so the offer's text is painted from the HTML, and the scripts start once it is.
 */
export const PAGE_HTML: ReadonlyArray<{
  file: string;
  module: string;
  shell?: ShellName;
  /** Whether the page's first API calls start beside the app's scripts (src/app/early). */
  early: boolean;
  /** The contracts its first answers are read with (lazyContract), loaded with the scripts. */
  contracts: string[];
  /** The page's frame for an offer the engine knows, and the path its header is rendered at. */
  offer?: { file: string; path: string };
}> = [
  { file: 'home.html', module: 'src/home/HomePage.tsx', shell: 'home', early: false, contracts: [] },
  {
    file: 'search.html',
    module: 'src/results/SearchResultsPage.tsx',
    shell: 'search',
    early: true,
    contracts: [OFFER_CONTRACT],
  },
  {
    file: 'flight.html',
    module: 'src/flight/FlightDetailsPage.tsx',
    early: true,
    contracts: [OFFER_CONTRACT, '../shared/src/flights/verify-offer.ts'],
    offer: { file: 'flight-offer.html', path: '/flight' },
  },
  {
    file: 'booking.html',
    module: 'src/booking/BookingPage.tsx',
    early: true,
    contracts: [OFFER_CONTRACT],
    offer: { file: 'booking-offer.html', path: '/booking' },
  },
];

const ROOT = '<div id="root"></div>';
const ENTRY_SCRIPT = /<script type="module" crossorigin src="\/([^"]+)"><\/script>/;

/**
 * A script that, once the prerendered screen is painted, runs `run` (the early chunk, whose calls
 * then go out beside the rest, and the entry) and fetches the other `scripts` together with them.
 */
function bootScript(run: string[], scripts: string[]): string {
  return [
    `const run = ${JSON.stringify(run)};`,
    `const scripts = ${JSON.stringify(scripts.filter((script) => !run.includes(script)))};`,
    'requestAnimationFrame(() => setTimeout(() => {',
    // First asked, first served: the entry is the largest file, the rest queue behind it.
    '  for (const href of run) import(href);',
    // All the links go into the head in one insertion.
    '  const links = document.createDocumentFragment();',
    '  for (const href of scripts) {',
    "    const link = document.createElement('link');",
    "    link.rel = 'modulepreload';",
    '    link.href = href;',
    '    links.append(link);',
    '  }',
    '  document.head.append(links);',
    '}));',
    '',
  ].join('\n');
}

/**
 * The page with `screen` in `#root` and one boot script, run once the screen is painted, in place of
 * the entry script and its preloads (a script run before the first frame would hold the frame back).
 */
function prerendered(
  index: string,
  entryScript: string,
  screen: string,
  run: string[],
  scripts: Set<string>,
  emitBoot: (source: string) => string,
): string {
  const bootFile = emitBoot(
    bootScript(
      run.map((chunk) => `/${chunk}`),
      [...scripts].map((chunk) => `/${chunk}`),
    ),
  );
  // The CSP refuses style attributes (Radix sets a few through React, which the CSSOM allows);
  // none changes how the still screen looks, and the app sets them again when it takes over.
  return index
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(entryScript, `<script type="module" src="/${bootFile}"></script>`)
    .replace(ROOT, `<div id="root">${screen.replace(/ style="[^"]*"/g, '')}</div>`);
}

/**
 * The page with the early chunk's script before the entry's, and a preload for every other chunk it
 * needs beside those index.html already preloads (`preloaded`, the entry's).
 */
function withScripts(
  index: string,
  entryScript: string,
  run: string[],
  scripts: Set<string>,
  preloaded: Set<string>,
): string {
  const tags = [
    ...run.slice(0, -1).map((chunk) => `<script type="module" crossorigin src="/${chunk}"></script>`),
    entryScript,
    ...[...scripts]
      .filter((chunk) => !run.includes(chunk) && !preloaded.has(chunk))
      .map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk}">`),
  ];
  return index.replace(entryScript, tags.join('\n    '));
}

/**
 * Writes each page of PAGE_HTML beside index.html: its first screen rendered at build time into
 * `#root`, and a small boot script that, once that screen is painted, fetches the entry with the
 * page's own chunks together (which the entry would otherwise find only once it runs) and starts
 * the app. A script run before the first frame would hold the frame back.
 */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'contrail:prerender-pages',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    buildStart() {
      this.emitFile({ type: 'chunk', id: path.join(config.root, EARLY_MODULE), name: 'early' });
    },
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || typeof index.source !== 'string' || !index.source.includes(ROOT)) {
        throw new Error('The build has no index.html with an empty #root');
      }
      const runnerConfig = {
        configFile: false as const,
        root: config.root,
        logLevel: 'error' as const,
        resolve: { alias: config.resolve.alias },
      };
      const { module: shells } = await runnerImport<{ renderShell: Record<ShellName, () => string> }>(
        path.join(config.root, SHELL_MODULE),
        runnerConfig,
      );
      const { module: offerFrame } = await runnerImport<{ renderOfferFrame: (path: string) => string }>(
        path.join(config.root, OFFER_FRAME_MODULE),
        runnerConfig,
      );
      const chunkOf = (module: string) => {
        const chunk = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.facadeModuleId === path.join(config.root, module),
        );
        if (!chunk) throw new Error(`The build has no chunk for ${module}`);
        return chunk.fileName;
      };
      const early = chunkOf(EARLY_MODULE);
      const [entryScript, entry] = ENTRY_SCRIPT.exec(index.source) ?? [];
      if (!entryScript || !entry) throw new Error('index.html has no entry script to replace');

      const emitBoot = (boot: string) => {
        const bootFile = `assets/boot-${createHash('sha256').update(boot).digest('base64url').slice(0, 8)}.js`;
        if (!bundle[bootFile]) this.emitFile({ type: 'asset', fileName: bootFile, source: boot });
        return bootFile;
      };

      for (const { file, module, shell, early: startsEarly, contracts, offer } of PAGE_HTML) {
        const run = startsEarly ? [early, entry] : [entry];
        const scripts = new Set(
          [...run, chunkOf(module), ...contracts.map(chunkOf)].flatMap((chunk) => [...staticChunks(bundle, chunk)]),
        );
        const html = shell
          ? prerendered(index.source, entryScript, shells.renderShell[shell](), run, scripts, emitBoot)
          : withScripts(index.source, entryScript, run, scripts, staticChunks(bundle, entry));
        this.emitFile({ type: 'asset', fileName: file, source: html });
        if (offer) {
          const frame = offerFrame.renderOfferFrame(offer.path);
          const offerHtml = prerendered(index.source, entryScript, frame, run, scripts, emitBoot);
          this.emitFile({ type: 'asset', fileName: offer.file, source: offerHtml });
        }
      }
    },
  };
}
