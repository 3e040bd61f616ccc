import type { FlightOffer, SearchOffer } from '@contrail/shared';
import { cheapestBags, type BagsWanted } from '@contrail/shared/pricing/bags';
import { priceWithBags } from '@contrail/shared/pricing/bags-price';
import { sameFlightsKey } from '@contrail/shared/flights/fare-brands';
import { DEFAULT_PRICING } from '@contrail/shared/pricing/pricing';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { describe, expect, it } from 'vitest';
import { sqlBackends } from '../test-support/sql.js';
import { loadBooking } from './booking-stream.js';
import { checkPrice } from './checkout/price-check.js';
import { dateIn, searchOffers, TEST_CARD, traveller } from './test-support/booking-harness.js';
import { harnessPerBackend } from './test-support/harness-per-backend.js';
import { eventually } from '../test-support/eventually.js';

/*
 * Issue 35: the price a result card shows with the traveller's bags is what checkout charges, to the
 * cent. The card prices a search offer with `priceWithBags`; checkout pre-selects `cheapestBags` of
 * the full offer and the engine prices those bag services itself (price-check.ts).
 */

const ONE_CHECKED_EACH: BagsWanted = { checked: 1, carryOn: 0 };
const TWO_ADULTS = { adultsCount: 2, childrenCount: 0, infantsCount: 0 };

describe.each(sqlBackends().slice(0, 1))('the price with my bags on $name', (backend) => {
  const harness = harnessPerBackend(backend);

  /** Every offer of a search as the results pages list them, priced and ordered with `bags`. */
  async function searchPages(bags: BagsWanted, daysAhead = 40): Promise<SearchOffer[]> {
    const departureDate = dateIn(harness, daysAhead);
    const search = { origin: 'JFK', destination: 'LHR', departureDate, cabinClass: 'economy', ...TWO_ADULTS };
    const bagFields = { checkedBags: String(bags.checked), cabinBags: String(bags.carryOn) };
    const first = await harness
      .api()
      .post('/api/flights/search')
      .send({ ...search, ...bagFields, limit: 100 })
      .expect(200);
    const offers: SearchOffer[] = [...first.body.offers];
    let hasMore = first.body.meta.has_more as boolean;
    for (let page = 2; hasMore || offers.length < first.body.meta.total; page += 1) {
      const next = await harness
        .api()
        .get('/api/flights/search')
        .query({ ...search, ...bagFields, page, limit: 100 })
        .expect(200);
      offers.push(...next.body.offers);
      hasMore = next.body.has_more;
      if (next.body.offers.length === 0) break;
    }
    return offers;
  }

  it(
    'checkout charges every one of 200 offers exactly the card price with one checked bag each',
    async () => {
      // Two searches' offers (a search finds up to 200; this route about 120).
      const offers = [...(await searchPages(ONE_CHECKED_EACH, 40)), ...(await searchPages(ONE_CHECKED_EACH, 41))].slice(
        0,
        200,
      );
      expect(offers.length).toBe(200);
      const context = { pricing: DEFAULT_PRICING, travellers: 2, cabin: 'economy' as const, bags: ONE_CHECKED_EACH };
      const brand = (await harness.booking.brands.find('default'))!;
      const bought = { included: 0, services: 0, notCarried: 0 };
      for (const offer of offers) {
        const card = priceWithBags(offer, context)!;
        const full: FlightOffer = await harness.deps.flights!.getOffer(offer.id, { withServices: true });
        const plan = cheapestBags(full, ONE_CHECKED_EACH);
        expect(plan.carried, offer.id).toBe(card.bags!.carried);
        if (!plan.carried) {
          bought.notCarried += 1;
          continue;
        }
        if (plan.choices.length === 0) bought.included += 1;
        else bought.services += 1;
        const checkout = await checkPrice(harness.deps as never, full, brand, [], plan.choices);
        expect({ id: offer.id, ...checkout.price }).toEqual({
          id: offer.id,
          amount: card.amount,
          currency: card.currency,
        });
      }
      // The search mixes fares that include a checked bag and fares that sell one.
      expect(bought.included).toBeGreaterThan(0);
      expect(bought.services).toBeGreaterThan(0);
    },
    scaled(300_000),
  );

  it(
    'orders the offers by their price with the bags, cheapest first, those that cannot carry them last',
    async () => {
      const offers = await searchPages({ checked: 2, carryOn: 0 });
      const context = {
        pricing: DEFAULT_PRICING,
        travellers: 2,
        cabin: 'economy' as const,
        bags: { checked: 2, carryOn: 0 },
      };
      const keys = offers.map((offer) => {
        const priced = priceWithBags(offer, context)!;
        return { carried: priced.bags!.carried, amount: priced.amount };
      });
      const carried = keys.filter((key) => key.carried);
      expect(keys.slice(0, carried.length).every((key) => key.carried)).toBe(true);
      for (let index = 1; index < carried.length; index += 1) {
        expect(carried[index]!.amount).toBeGreaterThanOrEqual(carried[index - 1]!.amount);
      }
    },
    scaled(300_000),
  );

  it(
    'books an offer with its bags: the card is charged the card price and the airline order carries the bags',
    async () => {
      const [offer] = await searchOffers(harness, 45);
      const full = await harness.deps.flights!.getOffer(offer!.id, { withServices: true });
      const plan = cheapestBags(full, { checked: 2, carryOn: 0 });
      if (!plan.carried) throw new Error('the test offer cannot carry two checked bags');
      expect(plan.choices.length).toBeGreaterThan(0);
      const card = priceWithBags(full, {
        pricing: DEFAULT_PRICING,
        travellers: 1,
        cabin: 'economy',
        bags: { checked: 2, carryOn: 0 },
      })!;
      const amount = card.amount / 100;
      const payment = await harness
        .api()
        .post('/api/payments/process-card')
        .send({ offerId: full.id, amount, currency: 'USD', cardDetails: TEST_CARD, bags: plan.choices })
        .expect(200);
      const booked = await harness
        .api()
        .post('/api/bookings')
        .send({
          offerId: full.id,
          passengers: [traveller()],
          paymentDetails: { amount, currency: 'USD', cardDetails: { holderName: 'Jane Traveller' } },
          paymentId: payment.body.paymentId,
          bags: plan.choices,
        });
      expect([201, 202]).toContain(booked.status);
      const state = await eventually(
        async () => (await loadBooking(harness.deps.eventStore, booked.body.id)).state,
        (current) => current.phase === 'confirmed',
        60_000,
      );
      if (state.phase !== 'confirmed') throw new Error(`booking ${state.phase}`);
      expect(state.payment.amount).toEqual({ amount: card.amount, currency: 'USD' });
      expect(state.bags.map((bag) => ({ serviceId: bag.serviceId, quantity: bag.quantity }))).toEqual(plan.choices);
    },
    scaled(300_000),
  );

  it('refuses a bag that is not the offer’s, or more of one than it sells, and charges nothing', async () => {
    const [offer] = await searchOffers(harness, 46);
    const full = await harness.deps.flights!.getOffer(offer!.id, { withServices: true });
    const bag = full.available_services.find((service) => service.type === 'baggage')!;
    const send = (bags: unknown) =>
      harness
        .api()
        .post('/api/payments/process-card')
        .send({ offerId: full.id, amount: 100, currency: 'USD', cardDetails: TEST_CARD, bags });
    const unknown = await send([{ serviceId: 'ase_nothing', quantity: 1 }]).expect(400);
    expect(unknown.body.errors[0].path).toBe('bags.0');
    const tooMany = await send([{ serviceId: bag.id, quantity: bag.maximum_quantity + 1 }]).expect(400);
    expect(tooMany.body.errors[0].message).toMatch(/At most/);
    await send([{ serviceId: bag.id, quantity: 0 }]).expect(400);
  });

  it('answers the fare brands of the same flights in full, and refuses what is no offer of that search', async () => {
    const departureDate = dateIn(harness, 40);
    const search = { origin: 'JFK', destination: 'LHR', departureDate, cabinClass: 'economy', ...TWO_ADULTS };
    const page = await harness.api().post('/api/flights/search').send(search).expect(200);
    const chosen = page.body.offers[0] as SearchOffer;
    const brands = await harness.api().get(`/api/flights/offer/${chosen.id}/fare-brands`).query(search).expect(200);
    const offers = brands.body.offers as FlightOffer[];
    expect(offers.map((offer) => offer.id)).toContain(chosen.id);
    expect(new Set(offers.map((offer) => sameFlightsKey(offer)))).toEqual(new Set([sameFlightsKey(chosen)]));
    // The sandbox sells these flights as carriers do: more than one brand, each with its own name.
    expect(new Set(offers.map((offer) => offer.slices[0]!.fare_brand_name)).size).toBe(offers.length);
    expect(offers.length).toBeGreaterThan(1);
    await harness.api().get(`/api/flights/offer/${chosen.id}/fare-brands`).expect(400);
    await harness
      .api()
      .get(`/api/flights/offer/${chosen.id}/fare-brands`)
      .query({
        ...search,
        departureDate: dateIn(harness, 60),
      })
      .expect(404);
    await harness.api().get('/api/flights/offer/nonsense/fare-brands').query(search).expect(400);
    const refused = await harness
      .api()
      .post('/api/flights/search')
      .send({ ...search, checkedBags: 9 })
      .expect(400);
    expect(refused.body.errors[0]).toMatchObject({ path: 'checkedBags' });
  });
});
