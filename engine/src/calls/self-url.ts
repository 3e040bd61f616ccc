/**
 * The engine's own base URL, as seen from inside this machine. Known from the configuration at
 * start-up and corrected once the server listens (PORT=0 picks a free port), so anything that calls
 * back into this process (the flight provider reaching the mounted sandbox) asks here each time.
 */
export class SelfUrl {
  #base: string;

  constructor(host: string, port: number) {
    this.#base = SelfUrl.for(host, port);
  }

  static for(host: string, port: number): string {
    const reachable = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
    return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
  }

  /** Called with the port actually listened on. */
  listening(host: string, port: number): void {
    this.#base = SelfUrl.for(host, port);
  }

  get(): string {
    return this.#base;
  }
}
