/** The only source of "now" for the engine and the sandboxes, injected so that tests can control time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until told to move. */
export class ManualClock implements Clock {
  #current: Date;

  constructor(start: Date | string = '2026-11-22T12:00:00Z') {
    this.#current = new Date(start);
  }

  now(): Date {
    return new Date(this.#current);
  }

  advance(milliseconds: number): void {
    this.#current = new Date(this.#current.getTime() + milliseconds);
  }

  set(to: Date | string): void {
    this.#current = new Date(to);
  }
}
