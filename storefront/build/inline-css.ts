import type { Plugin } from 'vite';

const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g;

/**
 * Puts the app's stylesheet into index.html as a `<style>` block, so the first paint waits for no
 * second request. The engine allows exactly the built HTML's style blocks by their SHA-256 in its
 * Content-Security-Policy (engine/src/http/security-headers.ts); no inline script is added.
 */
export function inlineCss(): Plugin {
  return {
    name: 'contrail:inline-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        return html.replace(STYLESHEET, (link, file: string) => {
          const asset = context.bundle?.[file];
          if (asset?.type !== 'asset') throw new Error(`The build has no ${file} to inline`);
          const css = typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString('utf8');
          if (css.includes('</style')) throw new Error(`${file} cannot be inlined`);
          return `<style>${css}</style>`;
        });
      },
    },
  };
}
