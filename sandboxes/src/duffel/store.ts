import type { Order, OrderCancellation } from '@duffel/api/types';

/**
 * Where the sandbox keeps what cannot be regenerated from ids: orders (and which offer each
 * booked) and cancellations. In SQL when the engine has a database, so that every engine and
 * worker process sees the same orders and an offer can be booked once across all of them.
 */
export interface DuffelSandboxStore {
  /** Records a new order for its offer; false (nothing stored) when the offer was already booked. */
  insertOrder(order: Order, offerId: string): Promise<boolean>;
  isBooked(offerId: string): Promise<boolean>;
  getOrder(id: string): Promise<Order | undefined>;
  updateOrder(order: Order): Promise<void>;
  /** Orders newest first, `offset` into that order, at most `limit`. */
  listOrders(offset: number, limit: number): Promise<Order[]>;
  getCancellation(id: string): Promise<OrderCancellation | undefined>;
  putCancellation(cancellation: OrderCancellation): Promise<void>;
  /** Cancellations newest first (of one order when given), `offset` into that order, at most `limit`. */
  listCancellations(offset: number, limit: number, orderId?: string): Promise<OrderCancellation[]>;
  /** The offer an order was booked from. */
  bookedOfferOf(orderId: string): Promise<string | undefined>;
  /** Other resources kept whole by kind and id (order change requests, change offers, changes). */
  getRecord<T>(kind: string, id: string): Promise<T | undefined>;
  putRecord(kind: string, id: string, body: unknown): Promise<void>;
}

const MAX_ORDERS = 10_000;

/** For a sandbox without a database (unit tests): this process only, bounded. */
export class MemoryDuffelSandboxStore implements DuffelSandboxStore {
  readonly #orders = new Map<string, Order>();
  readonly #booked = new Map<string, string>();
  readonly #cancellations = new Map<string, OrderCancellation>();
  readonly #records = new Map<string, unknown>();

  async insertOrder(order: Order, offerId: string): Promise<boolean> {
    if (this.#booked.has(offerId)) return false;
    if (this.#orders.size >= MAX_ORDERS) this.#orders.delete(this.#orders.keys().next().value!);
    this.#booked.set(offerId, order.id);
    this.#orders.set(order.id, order);
    return true;
  }
  async isBooked(offerId: string) {
    return this.#booked.has(offerId);
  }
  async getOrder(id: string) {
    return this.#orders.get(id);
  }
  async updateOrder(order: Order) {
    this.#orders.set(order.id, order);
  }
  async listOrders(offset: number, limit: number) {
    return [...this.#orders.values()].reverse().slice(offset, offset + limit);
  }
  async getCancellation(id: string) {
    return this.#cancellations.get(id);
  }
  async putCancellation(cancellation: OrderCancellation) {
    this.#cancellations.set(cancellation.id, cancellation);
  }
  async listCancellations(offset: number, limit: number, orderId?: string) {
    return [...this.#cancellations.values()]
      .filter((cancellation) => orderId === undefined || cancellation.order_id === orderId)
      .reverse()
      .slice(offset, offset + limit);
  }
  async bookedOfferOf(orderId: string) {
    return [...this.#booked].find(([, booked]) => booked === orderId)?.[0];
  }
  async getRecord<T>(kind: string, id: string) {
    return this.#records.get(`${kind}:${id}`) as T | undefined;
  }
  async putRecord(kind: string, id: string, body: unknown) {
    if (this.#records.size >= MAX_ORDERS) this.#records.delete(this.#records.keys().next().value!);
    this.#records.set(`${kind}:${id}`, structuredClone(body));
  }
}
