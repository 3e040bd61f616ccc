import os from 'node:os';

/**
 * Every bound a test waits within (Vitest's testTimeout and hookTimeout, waitFor, job and process
 * waits) goes through `scaled()`: a bound is there to end what is stuck, never to fail what is slow.
 * TEST_TIME_SCALE says how much slower than a quiet machine this one is; the Vitest config sets it
 * once from the load per core when it is not set, before any worker starts. A machine that gets
 * busier during the run (a long suite beside other work) stretches the bounds set after that too:
 * a bound is never shorter than the load at the time it is set asks for.
 */
export const TIME_SCALE_VARIABLE = 'TEST_TIME_SCALE';

/** A busier machine gets longer bounds, up to this many times the quiet machine's. */
const MOST = 10;

/** The load average per core over the last minute, at least 1 and at most MOST. */
function timeScaleFromLoad(): number {
  const perCore = (os.loadavg()[0] ?? 0) / os.availableParallelism();
  return Math.min(MOST, Math.max(1, Math.round(perCore * 10) / 10));
}

function configuredTimeScale(): number | undefined {
  const set = Number(process.env[TIME_SCALE_VARIABLE]);
  return set > 0 ? set : undefined;
}

/** TEST_TIME_SCALE when set (a positive number), or the load's now when that is higher. */
export function timeScale(): number {
  return Math.max(configuredTimeScale() ?? 1, timeScaleFromLoad());
}

/** `ms` on a quiet machine, stretched by the time scale. */
export function scaled(ms: number): number {
  return Math.round(ms * timeScale());
}
