import type { SystemModeName } from '@contrail/shared/admin/settings';
import type { Clock } from '../clock.js';
import {
  EMPTY_STREAM_REVISION,
  WrongExpectedRevisionError,
  type EventStore,
  type RecordedEvent,
} from '../eventstore/eventstore.js';
import { handleCommand } from '../eventstore/command-handler.js';
import {
  evolveMode,
  INITIAL_MODE,
  SYSTEM_MODE_STREAM,
  systemModeDecider,
  type ModeSwitchData,
  type ProvidersConfigured,
  type SystemModeEvent,
} from './decider.js';

/** How long an instance trusts its last read of the `system-mode` stream. */
export const MODE_TTL_MS = 1_000;
const SWITCH_ATTEMPTS = 3;

/** The current system mode, as every engine and worker instance reads it. */
export interface SystemModeReader {
  current(): Promise<SystemModeName>;
}

export interface SwitchContext {
  correlationId: string;
  brand: string;
}

export interface SwitchResult {
  mode: SystemModeName;
  /** False when the system was already in the requested mode: nothing was appended. */
  changed: boolean;
}

/** Two admins switched at the same moment and this one kept losing the race. */
export class ModeSwitchConflictError extends Error {
  constructor() {
    super('The system mode was changed by someone else at the same time; try again');
    this.name = 'ModeSwitchConflictError';
  }
}

/**
 * The `system-mode` stream folded into the current mode, re-read at most every MODE_TTL_MS.
 * Why a short-TTL read rather than a subscription: the port subscribes to the whole global
 * order only, so every instance would stream every booking event to find the rare mode switch;
 * reading one stream from the last revision seen is one indexed query per second at most, and
 * only when something asks. A switch is therefore seen everywhere within about a second, and at
 * once on the instance that made it.
 */
export class SystemModeStore implements SystemModeReader {
  #mode: SystemModeName = INITIAL_MODE;
  #revision = EMPTY_STREAM_REVISION;
  #readAt: number | undefined;
  #reading: Promise<void> | undefined;

  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly ttlMs = MODE_TTL_MS,
  ) {}

  async current(): Promise<SystemModeName> {
    const readAt = this.#readAt;
    if (readAt === undefined || this.clock.now().getTime() - readAt >= this.ttlMs) await this.#catchUp();
    return this.#mode;
  }

  /** Every switch, oldest first: the audit trail. */
  history(): Promise<RecordedEvent<SystemModeEvent>[]> {
    return this.store.readStream<SystemModeEvent>(SYSTEM_MODE_STREAM);
  }

  /** Decides and appends the switch (if any) through the command handler; retries a lost race on fresh state. */
  async switchTo(
    requested: SystemModeName,
    providers: ProvidersConfigured,
    who: ModeSwitchData,
    context: SwitchContext,
  ): Promise<SwitchResult> {
    let handled;
    try {
      handled = await handleCommand(
        this.store,
        SYSTEM_MODE_STREAM,
        systemModeDecider,
        { requested, providers, who },
        { context: { ...context, actor: who.userId }, clock: this.clock, retriesOnConflict: SWITCH_ATTEMPTS - 1 },
      );
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) throw new ModeSwitchConflictError();
      throw error;
    }
    await this.#catchUp();
    return { mode: handled.state, changed: handled.events.length > 0 };
  }

  /** Reads the events after the last one seen; concurrent callers share one read. */
  #catchUp(): Promise<void> {
    this.#reading ??= this.#read().finally(() => {
      this.#reading = undefined;
    });
    return this.#reading;
  }

  async #read(): Promise<void> {
    const startedAt = this.clock.now().getTime();
    const events = await this.store.readStream<SystemModeEvent>(SYSTEM_MODE_STREAM, {
      fromRevision: this.#revision + 1n,
    });
    for (const event of events) {
      this.#mode = evolveMode(this.#mode, systemModeDecider.parse(event));
      this.#revision = event.revision;
    }
    this.#readAt = startedAt;
  }
}
