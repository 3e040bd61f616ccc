import type { Plugin } from 'vite';

const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g;

/**
 * Puts the app's stylesheet into index.html as a `<style>` block, so the first paint waits for no
 * second request. The engine allows exactly the built HTML's style blocks by their SHA-256 in its
 * Content-Security-Policy (engine/src/http/security-headers.ts); no inline script is added.
 *
 * The chunks that carried that stylesheet no longer list it: Vite's loader of lazy chunks looks for
 * a chunk's CSS among the page's `<link>`s, so it would fetch the inlined sheet again and add it a
 * second time, which restyles the whole page (a long task on every page with a lazy part). The
 * HTML plugin, which calls this hook, bundles before the loader's dependency lists are written.
 */
export function inlineCss(): Plugin {
  return {
    name: 'contrail:inline-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const inlined = new Set<string>();
        const page = html.replace(STYLESHEET, (link, file: string) => {
          const asset = context.bundle?.[file];
          if (asset?.type !== 'asset') throw new Error(`The build has no ${file} to inline`);
          const css = typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString('utf8');
          if (css.includes('</style')) throw new Error(`${file} cannot be inlined`);
          inlined.add(file);
          return `<style>${css}</style>`;
        });
        for (const output of Object.values(context.bundle ?? {})) {
          if (output.type !== 'chunk') continue;
          for (const file of inlined) output.viteMetadata?.importedCss.delete(file);
        }
        return page;
      },
    },
  };
}
