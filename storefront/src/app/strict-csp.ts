import { z } from 'zod';

/**
 * Imported first by main.tsx, before any schema exists. The engine's Content-Security-Policy
 * allows no eval, and zod probes for `new Function` when it builds its first object schema: even
 * caught, the probe is reported as a `securitypolicyviolation`. Without JIT, zod never probes.
 */
z.config({ jitless: true });
