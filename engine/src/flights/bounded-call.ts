/** A provider call bounded by a timeout, its failures classified (duffel-provider.ts makes them). */
export type Call = <T>(work: () => Promise<T>, timeoutMs: number, what: string) => Promise<T>;
