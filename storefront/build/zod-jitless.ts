import type { Plugin } from 'vite';

/**
 * The module where zod creates its global config object (`globalThis.__zod_globalConfig`), in
 * either copy of zod (build/zod-mini-copy.ts).
 */
const ZOD_CONFIG_MODULE = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js(\?first-page-zod)?$/;

/**
 * The engine's Content-Security-Policy allows no eval, and zod probes for `new Function` when it
 * builds its first object schema (reported as a `securitypolicyviolation` even though the throw is
 * caught). `z.config({ jitless: true })` in app/strict-csp.ts only helps if it runs before that,
 * which chunking does not promise: a chunk holding zod and schemas can be evaluated before the
 * entry's body. So the build makes zod's config jitless where zod creates it.
 */
export function zodJitless(): Plugin {
  return {
    name: 'contrail:zod-jitless',
    apply: 'build',
    transform: {
      filter: { id: ZOD_CONFIG_MODULE },
      handler(code) {
        return { code: `(globalThis.__zod_globalConfig ??= {}).jitless = true;\n${code}`, map: null };
      },
    },
  };
}
