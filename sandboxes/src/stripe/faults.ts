/**
 * Faults a test can inject into the Stripe sandbox: the next N requests matching a method and
 * path answer an error (500 by default) before doing anything, as a processor outage would.
 * Nothing is executed and no idempotent answer is kept, so a retry with the same key goes through.
 */
export interface FaultRule {
  method?: string;
  /** Matches when the request path (e.g. "/v1/payment_intents/pi_1/capture") includes this. */
  path?: string;
  status?: number;
  count?: number;
}

export interface InjectedFault {
  status: number;
}

export class StripeFaults {
  readonly #rules: Required<FaultRule>[] = [];

  failNext(rule: FaultRule = {}): void {
    this.#rules.push({
      method: rule.method ?? '',
      path: rule.path ?? '',
      status: rule.status ?? 500,
      count: rule.count ?? 1,
    });
  }

  clear(): void {
    this.#rules.length = 0;
  }

  /** The fault for this request, if any rule matches; each match uses up one of its count. */
  take(method: string, path: string): InjectedFault | null {
    const rule = this.#rules.find(
      (candidate) => (!candidate.method || candidate.method === method) && path.includes(candidate.path),
    );
    if (!rule) return null;
    rule.count -= 1;
    if (rule.count <= 0) this.#rules.splice(this.#rules.indexOf(rule), 1);
    return { status: rule.status };
  }
}
