import type { Plugin } from 'vite';

/** Inter's Latin file: the text of every first page is in it (other subsets load by unicode-range). */
const INTER_LATIN = /(?:^|\/)inter-latin-wght-normal-[\w-]+\.woff2$/;

/**
 * Adds `<link rel="preload" as="font">` for the bundled Inter to index.html, so the font is
 * fetched with the CSS rather than after it (font-display: swap shows text meanwhile).
 */
export function preloadFont(): Plugin {
  return {
    name: 'contrail:preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const font = Object.keys(context.bundle ?? {}).find((file) => INTER_LATIN.test(file));
        if (!font) throw new Error('The build has no Inter Latin font to preload');
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${font}`, crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
