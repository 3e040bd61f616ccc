/** Progress is checked this often. */
const CHECK_EVERY_MS = 1_000;
/** Working: the process used at least this share of one core since the last check (an idle one uses ~0.01 %). */
const WORKING_CPU_SHARE = 0.01;
/** A progress line this often while the work lasts. */
const REPORT_EVERY_MS = 15_000;

export interface ProgressOptions {
  /** What is being waited for, as in "creating the embedded database". */
  what: string;
  /** It is stuck once it has made no progress for this long. */
  stallTimeoutMs: number;
  /** What to do when it is stuck: the end of the error's message. */
  advice: string;
  /** Told every 15 s how long it has lasted so far. */
  onStillWorking?(elapsedMs: number): void;
  /** The CPU time this process has used, in ms (tests pass their own). */
  cpuMs?(): number;
}

function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1_000;
}

/**
 * Waits for `work` however long it takes while it makes progress, and rejects once it makes none
 * for `stallTimeoutMs`: stuck, not slow. Progress is this process using the CPU, as its threads do
 * the work (PGlite creates a database in one long synchronous call, so its thread cannot report
 * from inside it); a busy machine gives them less CPU, never none.
 */
export function whileProgressing<T>(work: Promise<T>, options: ProgressOptions): Promise<T> {
  const cpuMs = options.cpuMs ?? processCpuMs;
  const startedAt = Date.now();
  let last = { at: startedAt, cpu: cpuMs() };
  let progressAt = startedAt;
  let reportedAt = startedAt;
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_, reject) => {
    timer = setInterval(() => {
      const now = { at: Date.now(), cpu: cpuMs() };
      if (now.cpu - last.cpu >= (now.at - last.at) * WORKING_CPU_SHARE) progressAt = now.at;
      last = now;
      if (now.at - progressAt >= options.stallTimeoutMs) {
        const seconds = Math.round(options.stallTimeoutMs / 1_000);
        reject(new Error(`${options.what} made no progress for ${seconds} s: it is stuck. ${options.advice}`));
      } else if (now.at - reportedAt >= REPORT_EVERY_MS) {
        reportedAt = now.at;
        options.onStillWorking?.(now.at - startedAt);
      }
    }, CHECK_EVERY_MS);
  });
  return Promise.race([work, stuck]).finally(() => clearInterval(timer));
}
