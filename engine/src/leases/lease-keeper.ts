import type { Logger } from '../logging/logger.js';
import type { SqlClient, SqlLockSession } from '../storage/sql.js';

/** Work that runs in one process of the deployment at a time: a subscription and what it feeds. */
export interface LeasedWork {
  start(): Promise<void>;
  /** Stops it and commits what it has done (a clean cut for the next owner). */
  stop(): Promise<void>;
}

export interface LeaseKeeperOptions {
  sql: Pick<SqlClient, 'lockSession'>;
  logger: Logger;
  /** How often a standby tries to take the leases it lacks, and an owner checks its connection. */
  checkEveryMs?: number;
  /**
   * The most leases this process holds at once (default: all it can take), so that split work
   * (PARTITIONS_PER_PROCESS) spreads over the projectors; a process with room left takes over
   * the leases of one that died.
   */
  most?: number;
}

export interface LeaseKeeper {
  /** Runs `work` while this process holds the lease `name` (add before start). */
  add(name: string, work: LeasedWork): void;
  start(): Promise<void>;
  /** Stops the work it runs, then lets the leases go for a standby to take. */
  stop(): Promise<void>;
  /** The leases this process holds now. */
  held(): string[];
}

/**
 * One owner per subscription across the deployment: each lease is a PostgreSQL session advisory
 * lock held on a connection of its own, so it is released the moment its process dies (the server
 * sees the connection end) and a standby, trying every `checkEveryMs`, takes it within about that
 * long. An owner that loses its connection stops the work at once. A stale owner that has not
 * noticed yet writes nothing twice: each projection batch moves its checkpoint forward only, in
 * the transaction that applies it, so events at or before the checkpoint are refused (fencing by
 * checkpoint), and the saga queues jobs by id. On the embedded database (no `lockSession`: one
 * process) every lease is this process's.
 */
/** Checks a process sits out after losing its lease connection (see `pausedUntil`). */
const LOSS_PAUSE_CHECKS = 5;

export function leaseKeeper(options: LeaseKeeperOptions): LeaseKeeper {
  const { logger } = options;
  const checkEveryMs = options.checkEveryMs ?? 1_000;
  const works = new Map<string, LeasedWork>();
  const running = new Set<string>();
  let session: SqlLockSession | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  /**
   * After its lease connection drops, a process waits a few checks before taking leases again: a
   * standby (trying every check) takes them over, rather than the process whose connection just
   * failed winning them back by a race and flapping. Alone, it takes them back after the pause.
   */
  let pausedUntil = Number.NEGATIVE_INFINITY;
  /** Checks and losses run one after another, never interleaved. */
  let turn: Promise<void> = Promise.resolve();
  const inTurn = (step: () => Promise<void>) => (turn = turn.then(step, step));

  async function begin(name: string): Promise<void> {
    running.add(name);
    logger.info({ lease: name }, 'took the lease: running it here');
    await works.get(name)!.start();
  }

  async function end(name: string): Promise<void> {
    running.delete(name);
    await works
      .get(name)!
      .stop()
      .catch((error: unknown) => logger.error({ err: error, lease: name }, 'error while stopping leased work'));
  }

  async function lose(lost: SqlLockSession, error?: unknown): Promise<void> {
    if (session !== lost) return;
    session = undefined;
    pausedUntil = performance.now() + LOSS_PAUSE_CHECKS * checkEveryMs;
    if (running.size > 0) logger.warn({ err: error, leases: [...running] }, 'lost the leases: stopped here');
    for (const name of [...running]) await end(name);
    await lost.close();
  }

  async function openSession(lockSession: () => Promise<SqlLockSession>): Promise<SqlLockSession> {
    const opened = await lockSession();
    session = opened;
    void opened.lost.then(() => inTurn(() => lose(opened, new Error('its database connection ended'))));
    return opened;
  }

  async function check(): Promise<void> {
    if (stopped) return;
    const lockSession = options.sql.lockSession;
    if (!lockSession) {
      for (const name of works.keys()) if (!running.has(name)) await begin(name);
      return;
    }
    if (performance.now() < pausedUntil) return;
    let current = session;
    try {
      current ??= await openSession(() => lockSession());
      const room = (options.most ?? works.size) - running.size;
      const wanted = room > 0 ? [...works.keys()].filter((name) => !running.has(name)) : [];
      // One statement per check whatever the number of leases: a standby takes, an owner pings.
      const taken = wanted.length > 0 ? await current.tryLock(wanted, room) : (await current.ping(), []);
      for (const name of taken) if (!stopped) await begin(name);
    } catch (error) {
      if (current) await lose(current, error);
      else logger.warn({ err: error }, 'could not open the lease connection; trying again');
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => void inTurn(check).finally(schedule), checkEveryMs);
  }

  return {
    add(name, work) {
      if (works.has(name)) throw new Error(`Lease ${name} is added twice`);
      works.set(name, work);
    },
    async start() {
      stopped = false;
      await inTurn(check);
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await inTurn(async () => {
        for (const name of [...running]) await end(name);
        const held = session;
        session = undefined;
        await held?.close();
      });
    },
    held: () => [...running],
  };
}
