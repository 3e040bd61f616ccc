import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { inlineCss } from './build/inline-css.ts';
import { offerSummaryModule } from './build/offer-summary-module.ts';
import { precompress } from './build/precompress.ts';
import { preloadFont } from './build/preload-font.ts';
import { firstPageGroupName } from './build/first-page-chunks.ts';
import { EARLY_MODULE, PAGE_HTML, prerenderPages } from './build/prerender-pages.ts';
import { zodJitless } from './build/zod-jitless.ts';
import { zodMiniCopy } from './build/zod-mini-copy.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const engineUrl = process.env.ENGINE_URL ?? 'http://127.0.0.1:5000';
const firstPages = [
  ...PAGE_HTML.map((page) => ({
    name: page.file.replace(/\.html$/, ''),
    modules: [page.module, ...(page.early ? [EARLY_MODULE] : [])],
  })),
  ...[...new Set(PAGE_HTML.flatMap((page) => page.contracts))].map((contract) => ({
    name: path.basename(contract, '.ts'),
    modules: [contract],
  })),
];

export default defineConfig({
  root: here,
  plugins: [
    react(),
    tailwindcss(),
    zodMiniCopy(),
    zodJitless(),
    preloadFont(),
    inlineCss(),
    prerenderPages(),
    offerSummaryModule(),
    precompress(),
  ],
  resolve: {
    alias: [
      { find: /^@contrail\/shared$/, replacement: path.join(here, '../shared/src/index.ts') },
      { find: /^@contrail\/shared\/(.*)$/, replacement: path.join(here, '../shared/src/$1.ts') },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: engineUrl, changeOrigin: false },
      '/sandbox': { target: engineUrl, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by the bench's initial-JS budget (build/initial-js.ts); the engine never serves dot folders.
    manifest: true,
    // Production serves no source maps; STOREFRONT_SOURCEMAP=hidden writes them for bundle analysis.
    sourcemap: process.env.STOREFRONT_SOURCEMAP === 'hidden' ? 'hidden' : false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [{ name: firstPageGroupName(here, 'src/main.tsx', firstPages) }],
        },
      },
    },
  },
  test: {
    name: 'storefront',
    root: here,
    environment: 'jsdom',
    globals: true,
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['./src/test-setup.ts'],
    css: false,
    // Test files in one worker share one window and the loaded modules (React, RTK, MSW, the pages):
    // loading them afresh for every file was most of this project's time. test-setup.ts leaves each
    // test a clean page (DOM, storage, cookies, URL, toast).
    isolate: false,
  },
});
