/** What a test can make the sandbox do wrong. Everything here is off until a test turns it on. */
export interface PlannedFailure {
  status: number;
  /** Only requests whose path contains this text fail; any request when absent. */
  pathIncludes?: string;
  /** Only requests with this method (GET, POST...) fail; any method when absent. */
  method?: string;
  /** The request is carried out first, then answered with the failure (an answer lost on its way back). */
  afterHandling?: boolean;
  remaining: number;
}

export interface FailureOptions {
  times?: number;
  pathIncludes?: string;
  method?: string;
}

export class DuffelFaults {
  latencyMs = 0;
  readonly failures: PlannedFailure[] = [];
  readonly expiredOffers = new Set<string>();
  /** Offer id -> factor applied to its total (1.1 = 10% dearer). */
  readonly priceChanges = new Map<string, number>();
  /** `ORIGIN-DESTINATION` (the first slice's) -> factor applied to every offer of the route, searched now or later (issue 34). */
  readonly routePriceChanges = new Map<string, number>();
  /** Hold order id -> factor applied to its total at its next payment (issue 36). */
  readonly orderPriceChanges = new Map<string, number>();

  /** Every answer waits this long first. */
  setLatency(ms: number): this {
    this.latencyMs = ms;
    return this;
  }

  /** The next `times` matching requests fail with `status` (500, 502, 503...). */
  failNext(status: number, options: FailureOptions = {}): this {
    this.failures.push({ status, ...options, remaining: options.times ?? 1 });
    return this;
  }

  /** The next matching requests are carried out, then answered with `status`: made, but the caller cannot know. */
  failAfterHandling(status: number, options: FailureOptions = {}): this {
    this.failures.push({ status, ...options, afterHandling: true, remaining: options.times ?? 1 });
    return this;
  }

  /** The next matching requests answer Duffel's 504 gateway timeout (the client has no timeout of its own). */
  timeoutNext(options: FailureOptions = {}): this {
    return this.failNext(504, options);
  }

  /** The offer expires now, whatever its expiry time said. */
  expireOffer(offerId: string): this {
    this.expiredOffers.add(offerId);
    return this;
  }

  /** The offer's price changes by a factor: fetched again it shows the new price, and orders at the old one fail. */
  changePrice(offerId: string, factor: number): this {
    this.priceChanges.set(offerId, factor);
    return this;
  }

  /**
   * Every offer of a route (its first slice's origin and destination) costs `factor` times its price,
   * in new searches and when fetched again, as when an airline reprices a route: what a tracked
   * search's check sees (issue 34). `factor` 1 puts the route back.
   */
  changeRoutePrice(origin: string, destination: string, factor: number): this {
    if (factor === 1) this.routePriceChanges.delete(`${origin}-${destination}`);
    else this.routePriceChanges.set(`${origin}-${destination}`, factor);
    return this;
  }

  /**
   * A held order's total changes by a factor before its next payment, as when its price guarantee
   * ran out: the order shows the new total, and a payment of the old one answers `price_changed`.
   */
  changeOrderPrice(orderId: string, factor: number): this {
    this.orderPriceChanges.set(orderId, factor);
    return this;
  }

  reset(): void {
    this.latencyMs = 0;
    this.failures.length = 0;
    this.expiredOffers.clear();
    this.priceChanges.clear();
    this.routePriceChanges.clear();
    this.orderPriceChanges.clear();
  }

  /** The planned failure for this request, used up by the call. */
  takeFailure(path: string, method = 'GET'): Pick<PlannedFailure, 'status' | 'afterHandling'> | undefined {
    const index = this.failures.findIndex(
      (failure) =>
        (!failure.pathIncludes || path.includes(failure.pathIncludes)) &&
        (!failure.method || failure.method.toUpperCase() === method.toUpperCase()),
    );
    if (index < 0) return undefined;
    const failure = this.failures[index]!;
    failure.remaining -= 1;
    if (failure.remaining <= 0) this.failures.splice(index, 1);
    return { status: failure.status, afterHandling: failure.afterHandling };
  }
}
