/** The sandboxes' only source of "now", injected so that tests can control time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
