import { createHash } from 'node:crypto';
import path from 'node:path';
import { runnerImport, type Plugin, type ResolvedConfig } from 'vite';
import { staticChunks } from './static-chunks';

/** The page module whose first screen home.html holds, and the module that renders it. */
const HOME_PAGE = 'src/home/HomePage.tsx';
const SHELL_MODULE = 'src/app/shell/HomeShell.tsx';
const ROOT = '<div id="root"></div>';

/**
 * Writes home.html beside index.html: the home page's first screen (header, hero and search form,
 * brand-neutral: src/app/shell/HomeShell.tsx) rendered at build time into `#root`, and a small
 * boot script that, once that screen is painted, fetches the entry with the home page's own chunks
 * together (which the entry would otherwise find only once it runs) and starts the app.
 * The engine answers `/` with it; every other page gets index.html.
 */
export function prerenderHome(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'contrail:prerender-home',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || typeof index.source !== 'string' || !index.source.includes(ROOT)) {
        throw new Error('The build has no index.html with an empty #root');
      }
      const { module } = await runnerImport<{ renderHomeShell: () => string }>(path.join(config.root, SHELL_MODULE), {
        configFile: false,
        root: config.root,
        logLevel: 'error',
        resolve: { alias: config.resolve.alias },
      });
      // The CSP refuses style attributes (Radix sets a few through React, which the CSSOM allows);
      // none changes how the still screen looks, and the app sets them again when it takes over.
      const shell = module.renderHomeShell().replace(/ style="[^"]*"/g, '');

      const page = Object.values(bundle).find(
        (output) => output.type === 'chunk' && output.facadeModuleId === path.join(config.root, HOME_PAGE),
      );
      if (!page) throw new Error(`The build has no chunk for ${HOME_PAGE}`);
      // The app's scripts (the entry, its imports and the home page's chunks) start loading once the
      // prerendered screen is painted: a script run before the first frame would hold it back.
      const entry = Object.values(bundle).find((output) => output.type === 'chunk' && output.isEntry);
      if (!entry) throw new Error('The build has no entry chunk');
      const scripts = [...staticChunks(bundle, entry.fileName), ...staticChunks(bundle, page.fileName)].map(
        (file) => `/${file}`,
      );
      const boot = [
        `const scripts = ${JSON.stringify([...new Set(scripts)])};`,
        'requestAnimationFrame(() => setTimeout(() => {',
        '  for (const href of scripts.slice(1)) {',
        "    const link = document.createElement('link');",
        "    link.rel = 'modulepreload';",
        '    link.href = href;',
        '    document.head.append(link);',
        '  }',
        '  import(scripts[0]);',
        '}));',
        '',
      ].join('\n');
      const bootFile = `assets/boot-${createHash('sha256').update(boot).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName: bootFile, source: boot });

      const html = index.source
        .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
        .replace(
          `<script type="module" crossorigin src="/${entry.fileName}"></script>`,
          `<script type="module" src="/${bootFile}"></script>`,
        )
        .replace(ROOT, `<div id="root">${shell}</div>`);
      if (!html.includes(bootFile)) throw new Error('index.html has no entry script to replace');
      this.emitFile({ type: 'asset', fileName: 'home.html', source: html });
    },
  };
}
