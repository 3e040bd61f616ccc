import { formatMoney } from '@contrail/shared/booking/money';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { trackedSearchListSchema } from '@contrail/shared/price-tracking/tracked-search-view';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessPerBackend } from '../bookings/test-support/harness-per-backend.js';
import { EmailOutbox } from '../email/outbox.js';
import { projectionRunner, type ProjectionRunner } from '../projections/runner.js';
import { eventually, untilHeadIsLatest } from '../test-support/eventually.js';
import { sqlBackends } from '../test-support/sql.js';
import { checkTrackedPricesHandler } from './check-job.js';
import type { PriceTrackingDeps } from './deps.js';
import { dropEmailKey } from './drop-mail.js';
import { trackingStreamName } from './events.js';
import { priceTrackingProjection } from './projection.js';
import { PriceTrackingStore } from './store.js';
import { priceTrackingDepsFrom } from './wiring.js';

const HOUR = 3_600_000;
const JOB = { queue: 'check-tracked-prices', jobId: 'test', attempt: 1, maxAttempts: 1, firstTry: true } as const;

/** Issue 34's "done when": a tracked search sends its drop email (from the outbox) after a test moves the sandbox's price. */
describe.each(sqlBackends())('price tracking on $name', (backend) => {
  const harness = harnessPerBackend(backend, { workers: false });
  let runner: ProjectionRunner;
  let deps: PriceTrackingDeps;
  let store: PriceTrackingStore;
  let outbox: EmailOutbox;

  beforeAll(async () => {
    const sql = harness.booking.sql;
    runner = projectionRunner({ sql, eventStore: harness.deps.eventStore, projections: [priceTrackingProjection] });
    await runner.start();
    deps = priceTrackingDepsFrom(harness.booking, harness.deps.config, () => harness.url)!;
    store = new PriceTrackingStore(sql);
    outbox = new EmailOutbox(sql);
  }, scaled(120_000));
  afterAll(async () => {
    harness?.deps.duffelSandbox.faults.reset();
    await runner?.stop();
  });

  const day = (daysAhead: number) =>
    new Date(harness.clock.now().getTime() + daysAhead * 24 * HOUR).toISOString().slice(0, 10);
  const tracking = (origin: string, destination: string, departureDate: string, extra: object = {}) => ({
    origin,
    destination,
    when: { kind: 'date', departureDate },
    cabinClass: 'economy',
    adultsCount: 1,
    drop: { kind: 'percent', percent: 10 },
    ...extra,
  });
  async function caughtUp() {
    await untilHeadIsLatest(harness.booking.sql, harness.deps.eventStore);
    const statuses = await eventually(
      () => runner.status(),
      (all) => all.every((status) => status.caughtUp),
    );
    expect(statuses.every((status) => status.caughtUp)).toBe(true);
  }
  const runJob = async (overrides: Partial<PriceTrackingDeps> = {}) => {
    await caughtUp();
    await checkTrackedPricesHandler({ ...deps, ...overrides })({}, JOB);
    await caughtUp();
  };
  const eventsOf = async (id: string) =>
    (await harness.deps.eventStore.readStream(trackingStreamName(id))).map((event) => event.type);
  const linkIn = (text: string, label: string) => new URL(new RegExp(`${label}: (\\S+)`).exec(text)![1]!);
  const signedIn = async (username: string) => {
    const agent = harness.agent();
    const password = 'Tracker-Password-1';
    await agent
      .post('/api/auth/register')
      .send({ username, email: `${username}@example.com`, firstName: 'Tess', lastName: 'Tracker', password })
      .expect(201);
    await agent.post('/api/auth/login').send({ username, password }).expect(200);
    return agent;
  };

  it(
    'by email (confirmed) and signed in, one search: one check for both, then a drop email each with the one-click unsubscribe',
    async () => {
      const departureDate = day(40);
      const anonymous = harness.api();
      const byEmail = await anonymous
        .post('/api/price-tracking')
        .send(tracking('SEA', 'SFO', departureDate, { email: 'watcher@example.com' }))
        .expect(201);
      expect(byEmail.body.status).toBe('pending');
      const emailId = byEmail.body.trackingId as string;

      // Double opt-in: nothing is checked until the emailed link is followed.
      const confirmation = await outbox.findByKey(`price-tracking-confirm:${emailId}`);
      expect(confirmation?.to).toBe('watcher@example.com');
      const confirm = linkIn(confirmation!.text, 'Confirm the price alert');
      await runJob();
      expect(await eventsOf(emailId)).toEqual(['PriceTrackingStarted']);
      const page = await harness.api().get(`${confirm.pathname}${confirm.search}`).expect(200);
      expect(page.text).toContain('<form method="post"');
      await harness.api().get(`${confirm.pathname}?token=forged`).expect(404);
      await harness.api().post(`${confirm.pathname}${confirm.search}`).expect(200);
      expect(await eventsOf(emailId)).toEqual(['PriceTrackingStarted', 'PriceTrackingConfirmed']);

      const tess = await signedIn('tess.tracker');
      const mine = await tess
        .post('/api/price-tracking')
        .send(tracking('SEA', 'SFO', departureDate))
        .expect(201);
      expect(mine.body.status).toBe('active');
      const mineId = mine.body.trackingId as string;

      await runJob();
      const first = (await store.checksOf([emailId, mineId])).map((check) => check.checkKey);
      expect(first).toHaveLength(2);
      expect(new Set(first).size).toBe(1); // One live search served both travellers...
      const today = new Date(`${harness.clock.now().toISOString().slice(0, 10)}T00:00:00Z`);
      expect((await store.usedSince(today)).get('default')).toBe(1); // ...and cost the brand's budget once.

      // The sandbox's airline cuts the route's prices by 30%; the next slot's check finds it.
      harness.deps.duffelSandbox.faults.changeRoutePrice('SEA', 'SFO', 0.7);
      harness.clock.advance(deps.checkIntervalMs);
      await runJob();
      await runJob(); // A doubled run in the same slot: no second check, no second email.
      for (const id of [emailId, mineId]) {
        expect(await eventsOf(id)).toEqual(expect.arrayContaining(['TrackedPriceChecked']));
        expect((await eventsOf(id)).filter((type) => type === 'TrackedPriceChecked')).toHaveLength(2);
      }
      const [before, after] = await store.checksOf([emailId]);
      expect(after).toMatchObject({ dropped: true, baselineMinor: before!.cheapestMinor });
      expect(after!.cheapestMinor!).toBeLessThan(before!.cheapestMinor! * 0.75);
      const drops = (await outbox.list({ limit: 500 })).filter((message) => message.kind === 'price-drop');
      expect(drops.map((message) => message.to).sort()).toEqual(['tess.tracker@example.com', 'watcher@example.com']);

      const email = (await outbox.findByKey(dropEmailKey(emailId, after!.checkKey)))!;
      const money = (amount: number) => formatMoney({ amount, currency: 'USD' });
      expect(email.subject).toBe(`Price drop: SEA to SFO now ${money(after!.cheapestMinor!)}`);
      expect(email.text).toContain(`Was ${money(before!.cheapestMinor!)}, now ${money(after!.cheapestMinor!)}.`);
      const search = linkIn(email.text, 'See the flights');
      expect(search.pathname).toBe('/search');
      expect(Object.fromEntries(search.searchParams)).toMatchObject({
        origin: 'SEA',
        destination: 'SFO',
        departureDate,
      });
      const unsubscribe = linkIn(email.text, 'Stop these emails');
      expect(email.headers).toEqual({
        'List-Unsubscribe': `<${unsubscribe.href}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });

      // RFC 8058: the mail client POSTs the header's link, form-encoded, with no cookie and no page.
      await harness
        .api()
        .post(`${unsubscribe.pathname}${unsubscribe.search}`)
        .type('form')
        .send('List-Unsubscribe=One-Click')
        .expect(200);
      expect((await eventsOf(emailId)).at(-1)).toBe('PriceTrackingStopped');
      expect(await store.contactOf(emailId)).toBeUndefined();

      // My Trips: the signed-in traveller's alert with its two prices; stopped from there.
      const listed = trackedSearchListSchema.parse((await tess.get('/api/price-tracking').expect(200)).body);
      expect(listed.trackedSearches.map((alert) => alert.history.map((check) => check.priceMinor))).toEqual([
        [before!.cheapestMinor, after!.cheapestMinor],
      ]);
      await harness.api().post(`/api/price-tracking/${mineId}/stop`).expect(401);
      await tess.post(`/api/price-tracking/${mineId}/stop`).expect(204);
      await caughtUp();
      expect((await tess.get('/api/price-tracking').expect(200)).body.trackedSearches).toEqual([]);
    },
    scaled(120_000),
  );

  it(
    'writes a confirmation email lost between the recorded alert and the outbox, at the next run',
    async () => {
      const answer = await harness
        .api()
        .post('/api/price-tracking')
        .send(tracking('SEA', 'SFO', day(12), { email: 'lost@example.com' }))
        .expect(201);
      const key = `price-tracking-confirm:${answer.body.trackingId}`;
      await harness.booking.sql.query('DELETE FROM email_outbox WHERE outbox_key = $1', [key]);
      await runJob();
      expect(await outbox.findByKey(key)).toBeUndefined(); // Within the minute: the request may still be writing it.
      harness.clock.advance(2 * 60_000);
      await runJob();
      expect((await outbox.findByKey(key))?.to).toBe('lost@example.com');
    },
    scaled(60_000),
  );

  it(
    'a brand’s daily budget is shared: with room for one live search, only one of two searches is checked',
    async () => {
      const tess = await signedIn('budget.tracker');
      const ids: string[] = [];
      for (const destination of ['PDX', 'LAS']) {
        const answer = await tess
          .post('/api/price-tracking')
          .send(tracking('SEA', destination, day(50)))
          .expect(201);
        ids.push(answer.body.trackingId);
      }
      harness.clock.advance(deps.checkIntervalMs);
      const today = new Date(`${harness.clock.now().toISOString().slice(0, 10)}T00:00:00Z`);
      const used = (await store.usedSince(today)).get('default') ?? 0;
      await runJob({ dailySearches: used + 1 });
      expect((await store.checksOf(ids)).length).toBe(1);
      expect((await store.usedSince(today)).get('default')).toBe(used + 1);
    },
    scaled(120_000),
  );

  it(
    'the sandbox control reprices a route for an admin in test mode, and refuses anyone else and bad input',
    async () => {
      await harness.booking.accounts.register(
        'default',
        {
          username: 'sandbox.admin',
          email: 'sandbox.admin@example.com',
          firstName: 'Sandy',
          lastName: 'Admin',
          password: 'Sandbox-Password-1',
        },
        { isAdmin: true, isPlatformAdmin: true },
      );
      const admin = harness.agent();
      await admin
        .post('/api/auth/login')
        .send({ username: 'sandbox.admin', password: 'Sandbox-Password-1' })
        .expect(200);
      const route = (body: object, agent = admin) => agent.post('/api/admin/sandbox/route-price').send(body);
      await route({ origin: 'SEA', destination: 'BOI', factor: 0.5 }, harness.agent()).expect(401);
      await route({ origin: 'SEA', destination: 'BOI', factor: 0 }).expect(400);
      const moved = await route({ origin: 'sea', destination: 'boi', factor: 0.5 });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(harness.deps.duffelSandbox.faults.routePriceChanges.get('SEA-BOI')).toBe(0.5);
      await route({ origin: 'SEA', destination: 'BOI', factor: 1 }).expect(200);
      expect(harness.deps.duffelSandbox.faults.routePriceChanges.has('SEA-BOI')).toBe(false);
    },
    scaled(60_000),
  );

  it(
    'refuses bad requests in words (400), and a stop of someone else’s alert as not found',
    async () => {
      const refused = (body: object) => harness.api().post('/api/price-tracking').send(body).expect(400);
      expect((await refused(tracking('SEA', 'SEA', day(10), { email: 'a@example.com' }))).body.message).toContain(
        'destination',
      );
      expect((await refused(tracking('SEA', 'SFO', day(10)))).body.message).toContain('sign in');
      expect((await refused(tracking('SEA', 'SFO', day(-2), { email: 'a@example.com' }))).body.message).toContain(
        'from today on',
      );
      // Signed out, one address gets at most five confirmation emails a day.
      for (let sent = 0; sent < 5; sent += 1) {
        await harness
          .api()
          .post('/api/price-tracking')
          .send(tracking('SEA', 'SFO', day(10), { email: 'flooded@example.com' }))
          .expect(201);
      }
      const flooded = await harness
        .api()
        .post('/api/price-tracking')
        .send(tracking('SEA', 'SFO', day(10), { email: 'Flooded@example.com' }))
        .expect(429);
      expect(flooded.body.message).toContain('Too many price alerts for this address today');
      const other = await signedIn('other.tracker');
      await other.post('/api/price-tracking/00000000-0000-4000-8000-000000000000/stop').expect(404);
      await other.post('/api/price-tracking/not-an-id/stop').expect(400);
    },
    scaled(60_000),
  );
});
