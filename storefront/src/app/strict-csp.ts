/**
 * Imported first by main.tsx, before any schema exists. The engine's Content-Security-Policy
 * allows no eval, and zod probes for `new Function` when it builds its first object schema: even
 * caught, the probe is reported as a `securitypolicyviolation`. Without JIT, zod never probes.
 * zod reads its config from this global (creating it only when missing), so setting it here needs
 * no zod in the first page. The production build also sets it where zod creates it
 * (build/zod-jitless.ts), since chunk order does not promise this module runs first.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;
