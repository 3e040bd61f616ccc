import type { Clock } from '../clock.js';
import { WrongExpectedRevisionError, type DomainEvent, type EventStore, type NewEvent } from './eventstore.js';
import type { EventParser } from './event-parser.js';
import { withMetadata, type EventContext } from './metadata.js';

/**
 * A stream's rules as a pure decider (Emmett's shape): `decide` turns a command and the current
 * state into events (or throws a refusal), `evolve` folds an event into the state, `parse` reads a
 * stored event (upcast, then validated) before it is folded.
 */
export interface Decider<Command, Event extends DomainEvent, State> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState: State;
  parse: EventParser<Event>;
}

export interface LoadedStream<State> {
  state: State;
  /** The stream's revision (its last event's), or 'no_stream': the next append expects exactly this. */
  revision: bigint | 'no_stream';
}

export interface HandledCommand<Event extends DomainEvent, State> extends LoadedStream<State> {
  /** What this call appended: none for a no-op. */
  events: Event[];
  /** The same events as stored, with their metadata (its timestamp is the events' time). */
  appended: NewEvent<Event>[];
}

export interface CommandOptions<State = unknown> {
  context: EventContext;
  clock: Clock;
  /**
   * How many times to read and decide again when another writer appended first. 0 (default): the
   * WrongExpectedRevisionError reaches the caller. Either way two racing commands never both win.
   */
  retriesOnConflict?: number;
  /**
   * The stream as this caller last read or wrote it (a loadStream or handleCommand result), so the
   * commands are decided without reading it again. It is trusted only as far as the append with its
   * revision proves it current. A conflict is handled as after a read (`retriesOnConflict`); a
   * decision that refuses or changes nothing is checked against the stream, read then.
   */
  known?: LoadedStream<State>;
}

export function fold<Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State>, 'evolve'>,
  events: readonly Event[],
  from: State,
): State {
  return events.reduce((state, event) => decider.evolve(state, event), from);
}

/** Decides several commands in a row, each against the state the previous ones produced: all or none. */
export function decideAll<Command, Event extends DomainEvent, State>(
  decider: Pick<Decider<Command, Event, State>, 'decide' | 'evolve'>,
  commands: readonly Command[],
  state: State,
): Event[] {
  const events: Event[] = [];
  let current = state;
  for (const command of commands) {
    const decided = decider.decide(command, current);
    events.push(...decided);
    current = fold(decider, decided, current);
  }
  return events;
}

/** Reads a stream and folds it, every stored event parsed (and upcast) on the way. */
export async function loadStream<Event extends DomainEvent, State>(
  store: EventStore,
  streamName: string,
  decider: Decider<unknown, Event, State>,
): Promise<LoadedStream<State>> {
  const recorded = await store.readStream(streamName);
  const events = recorded.map((event) => decider.parse(event));
  const last = recorded.at(-1);
  return { state: fold(decider, events, decider.initialState), revision: last ? last.revision : 'no_stream' };
}

/**
 * The one command handler of the engine: read the stream (unless the caller knows it), decide,
 * append with the revision read (optimistic concurrency), and on a conflict read and decide again,
 * up to `retriesOnConflict` times. A refusal appends nothing and reaches the caller; so does a
 * no-op's empty list of events.
 */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  store: EventStore,
  streamName: string,
  decider: Decider<Command, Event, State>,
  commands: Command | readonly Command[],
  options: CommandOptions<State>,
): Promise<HandledCommand<Event, State>> {
  const list: readonly Command[] = Array.isArray(commands) ? commands : [commands as Command];
  const append = async ({ state, revision }: LoadedStream<State>, events: Event[]) => {
    const appended = withMetadata(events, options.context, options.clock, decider.parse.versionOf);
    const result = await store.append(streamName, appended, revision);
    return { events, appended, state: fold(decider, events, state), revision: result.nextExpectedRevision };
  };
  let known = options.known;
  for (let attempt = 0; ; attempt += 1) {
    // What the caller knows stands in for the first read, for an append only (see CommandOptions.known).
    const guess = known && tryDeciding(decider, list, known.state);
    let decided: { loaded: LoadedStream<State>; events: Event[] };
    if (known && guess && guess.length > 0) {
      decided = { loaded: known, events: guess };
    } else {
      const loaded = await loadStream(store, streamName, decider as Decider<unknown, Event, State>);
      const events = decideAll(decider, list, loaded.state);
      if (events.length === 0) return { events, appended: [], ...loaded };
      decided = { loaded, events };
    }
    known = undefined;
    try {
      return await append(decided.loaded, decided.events);
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= (options.retriesOnConflict ?? 0)) throw error;
    }
  }
}

/** The events decided against a state that may be stale; undefined when the decision refused. */
function tryDeciding<Command, Event extends DomainEvent, State>(
  decider: Decider<Command, Event, State>,
  commands: readonly Command[],
  state: State,
): Event[] | undefined {
  try {
    return decideAll(decider, commands, state);
  } catch {
    return undefined;
  }
}
