/**
 * What a process does, chosen with ROLES (comma-separated): `engine` answers HTTP, `worker` runs
 * jobs, `projector` competes for the leases of the read models and the saga processor (one owner
 * each across the deployment, engine/src/leases). One process may hold several.
 */
export const ROLE_NAMES = ['engine', 'worker', 'projector'] as const;
export type Role = (typeof ROLE_NAMES)[number];

/** Which program runs: the engine (engine/dist/main.js) or the workers (workers/dist/main.js). */
export type Program = 'engine' | 'workers';

export interface RoleSettings {
  /** ROLES as set; undefined when unset. */
  configured: readonly Role[] | undefined;
  /** No DATABASE_URL: one process owns the embedded database. */
  embedded: boolean;
  /** REDIS_URL unset: jobs run in the engines' own processes. */
  inProcessJobs: boolean;
}

/**
 * The roles of this process, or the reason the configuration cannot run. Unset, the embedded
 * default and engines with in-process jobs hold every role; otherwise an engine answers HTTP and
 * stands for the leases, and a workers process runs jobs and stands for the leases too.
 */
export function processRoles(program: Program, settings: RoleSettings): Set<Role> | string {
  const everything = new Set<Role>(ROLE_NAMES);
  if (settings.embedded || (program === 'engine' && settings.inProcessJobs)) {
    const partial = settings.configured && ROLE_NAMES.some((role) => !settings.configured!.includes(role));
    return partial
      ? 'ROLES: without DATABASE_URL and REDIS_URL one process holds every role (engine,worker,projector)'
      : everything;
  }
  const roles = new Set<Role>(
    settings.configured ?? (program === 'engine' ? ['engine', 'projector'] : ['worker', 'projector']),
  );
  if (program === 'engine' && !roles.has('engine')) {
    return 'ROLES: the engine program answers HTTP, so it holds the engine role (run workers/dist/main.js for worker or projector alone)';
  }
  if (program === 'workers' && roles.has('engine')) {
    return 'ROLES: the workers program does not answer HTTP (run engine/dist/main.js for the engine role)';
  }
  return roles;
}
