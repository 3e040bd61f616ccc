// The environment the engine process runs in: `npm start` and the benchmarks, which measure the
// engine as `npm start` runs it (the container image sets the same glibc setting in its Dockerfile).
import os from 'node:os';

/**
 * glibc gives each thread that allocates its own arena and keeps what is freed there for reuse;
 * and once a large block has been freed, it raises the size above which blocks get pages of their
 * own (up to 32 MB), so later large blocks land in the arenas too. Start-up (PGlite loading its
 * files, compiling) leaves ~110 MB of freed memory resident in them, and compression buffers add
 * more. Fixed at 256 KB, large blocks always get pages of their own, given back when freed.
 */
export const MALLOC_TUNABLE = 'glibc.malloc.mmap_threshold=262144';

/**
 * V8's pool of background threads (garbage collection, compilation) is 4 by default, whatever the
 * cores: on fewer cores the extra threads add no parallelism, only arenas of freed memory.
 */
const V8_POOL_SIZE = Math.min(4, os.availableParallelism());

/** `env` with the engine's memory settings, keeping any the operator set. */
export function engineEnv(env = process.env) {
  const tunables = env.GLIBC_TUNABLES ?? '';
  const nodeOptions = env.NODE_OPTIONS ?? '';
  return {
    ...env,
    ...(!tunables.includes('glibc.malloc.mmap_threshold') && {
      GLIBC_TUNABLES: tunables ? `${tunables}:${MALLOC_TUNABLE}` : MALLOC_TUNABLE,
    }),
    ...(!nodeOptions.includes('--v8-pool-size') && {
      NODE_OPTIONS: `${nodeOptions} --v8-pool-size=${V8_POOL_SIZE}`.trim(),
    }),
  };
}
