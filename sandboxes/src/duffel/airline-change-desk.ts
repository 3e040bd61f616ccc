import type { AirlineInitiatedChange, Order } from '@duffel/api/types';
import { AIRLINE_CHANGE_WEBHOOK_EVENT } from '@contrail/shared/booking/schedule-change';
import type { Clock } from '../clock.js';
import { changeSchedule, duffelSignature, orderIdOfChange, takeAction, webhookEventBody } from './airline-changes.js';
import { notFound } from './errors.js';
import type { DuffelSandboxStore } from './store.js';

/** Where the sandbox delivers its webhooks: the receiver's secret, and how a signed body reaches it (answers its status). */
export interface DuffelWebhookTarget {
  secret: string;
  deliver(body: string, signature: string): Promise<number>;
}

/** How often a delivery is tried before it is given up (Duffel retries too; receivers must take repeats). */
const DELIVERY_TRIES = 3;

/**
 * The sandbox's airline-initiated changes (`GET air/airline_initiated_changes?order_id=`,
 * `POST air/airline_initiated_changes/:id/actions/accept`) and the control that makes one
 * (`POST /sandbox/duffel/test/orders/:id/schedule_change`), with its signed webhook.
 */
export class SandboxAirlineChanges {
  /** Set by whoever mounts the sandbox: without one, changes are only seen by listing them. */
  webhookTarget: DuffelWebhookTarget | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly store: DuffelSandboxStore,
  ) {}

  async #order(id: string): Promise<Order> {
    const order = await this.store.getOrder(id);
    if (!order) throw notFound('order');
    return order;
  }

  async list(orderId: string): Promise<AirlineInitiatedChange[]> {
    return (await this.#order(orderId)).airline_initiated_changes ?? [];
  }

  async accept(changeId: string): Promise<AirlineInitiatedChange> {
    const orderId = orderIdOfChange(changeId);
    if (!orderId) throw notFound('airline-initiated change');
    const { order, change } = takeAction(await this.#order(orderId), changeId, 'accepted', this.clock.now());
    await this.store.updateOrder(order);
    return change;
  }

  /**
   * The airline moves the order's flights by `minutes`; the webhook goes out `deliveries` times
   * (the same event: Duffel delivers at least once). Answers the change and each delivery's status.
   */
  async simulate(
    orderId: string,
    options: { minutes: number; deliveries: number },
  ): Promise<{ change: AirlineInitiatedChange; deliveries: number[] }> {
    const now = this.clock.now();
    const { order, change } = changeSchedule(await this.#order(orderId), options.minutes, now);
    await this.store.updateOrder(order);
    const body = webhookEventBody(AIRLINE_CHANGE_WEBHOOK_EVENT, change, now);
    const deliveries: number[] = [];
    for (let i = 0; i < options.deliveries; i++) deliveries.push(await this.#deliver(body));
    return { change, deliveries };
  }

  async #deliver(body: string): Promise<number> {
    const target = this.webhookTarget;
    if (!target) return 0;
    let status = 0;
    for (let attempt = 0; attempt < DELIVERY_TRIES && !(status >= 200 && status < 300); attempt++) {
      const timestamp = Math.floor(this.clock.now().getTime() / 1000);
      status = await target.deliver(body, duffelSignature(target.secret, body, timestamp)).catch(() => 0);
    }
    return status;
  }
}
