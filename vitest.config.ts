import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));

/** Workspace packages resolve to their TypeScript sources, so tests never need a build. */
export const workspaceAliases = [
  { find: /^@contrail\/(shared|engine)$/, replacement: path.join(root, '$1/src/index.ts') },
  { find: /^@contrail\/(shared|engine)\/(.*)$/, replacement: path.join(root, '$1/src/$2.ts') },
];

const nodeProject = (name: string) => ({
  resolve: { alias: workspaceAliases },
  test: {
    name,
    root: path.join(root, name),
    environment: 'node' as const,
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      nodeProject('shared'),
      nodeProject('engine'),
      nodeProject('workers'),
      nodeProject('cli'),
      './storefront/vite.config.ts',
      // The storefront's browser journey: the real engine in-process and real Chromium.
      {
        resolve: { alias: workspaceAliases },
        test: {
          name: 'storefront-e2e',
          root: path.join(root, 'storefront'),
          environment: 'node' as const,
          include: ['e2e/**/*.test.ts'],
          testTimeout: 150_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
