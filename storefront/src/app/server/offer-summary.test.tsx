import { PASSPORT_BANNER } from '@contrail/shared/booking/international';
import { DEFAULT_BRAND } from '@contrail/shared/brand/default-brand';
import { formatDisplayPrice } from '@contrail/shared/results/format';
import { airport, carrier, offer, slice } from '@contrail/shared/results/test-support/offer-fixture';
import type { ListedOffer } from '@contrail/shared/site/offer-slot';
import { renderOfferSummary } from './offer-summary';

const NOW = new Date('2026-11-22T12:10:00Z');
const PRICING = DEFAULT_BRAND.pricing;
const oneTraveller = { pricing: PRICING, travellers: 1 };
const oneAdult = { adults: 1, children: 0, infants: 0 };

const flightDetailsSummary = (listed: ListedOffer, query: URLSearchParams, pricing = PRICING, now = NOW) =>
  renderOfferSummary(listed, 'flight', { query, pricing, now });
const bookingSummary = (listed: ListedOffer, query: URLSearchParams, pricing = PRICING) =>
  renderOfferSummary(listed, 'booking', { query, pricing, now: NOW });

const domestic: ListedOffer = { offer: offer('off_1'), passengers: oneAdult };
const roundTrip: ListedOffer = {
  offer: offer('off_2', {
    owner: carrier('BA', 'British Airways'),
    slices: [
      slice([{ from: 'JFK', to: 'LHR', departing: '2026-12-20T19:45', arriving: '2026-12-21T07:50' }], 'PT7H5M'),
      slice([{ from: 'LHR', to: 'JFK', departing: '2026-12-27T16:50', arriving: '2026-12-27T19:50' }], 'PT8H'),
    ],
    conditions: { refund_before_departure: null, change_before_departure: null, refundable: true, changeable: false },
  }),
  passengers: { adults: 2, children: 1, infants: 0 },
};
const HOSTILE = `<script>alert("x")</script> & 'co' $\``;
const hostile: ListedOffer = {
  offer: offer('off_3', {
    owner: carrier('XX', HOSTILE),
    slices: [
      {
        ...slice([{ from: 'JFK', to: 'LAX', departing: '2026-12-20T08:00', arriving: '2026-12-20T11:00' }]),
        origin: { ...airport('JFK'), city_name: '</h1><img src=x onerror=alert(1)>' },
      },
    ],
  }),
  passengers: oneAdult,
};

describe('the top of an offer’s details page in its HTML', () => {
  it('shows the route, the airline, the travellers, the price with the brand’s markup and the time the price is held', () => {
    const html = flightDetailsSummary(domestic, new URLSearchParams(), PRICING, NOW);
    expect(html).toContain('<h1 class="text-2xl font-bold sm:text-3xl">JFK to LAX</h1>');
    expect(html).toContain('One way · American Airlines · 1 Adult');
    expect(html).toContain('JFK → LAX');
    const price = formatDisplayPrice(offer('off_1'), oneTraveller);
    expect(price).toBe('$123');
    expect(html.split(price)).toHaveLength(3);
    expect(html).toContain('This offer is available.');
    expect(html).toContain('this price is held for 20 more minutes.');
    expect(html).toContain('href="/booking?offer=off_1&amp;adults=1&amp;children=0&amp;infants=0"');
    expect(html).toContain('Back to results');
    // The CSP refuses style attributes (storefront/e2e/csp.test.ts).
    expect(html).not.toMatch(/ style="/);
  });

  it('counts the travellers of the search the page was opened from, else of the search that listed the offer', () => {
    expect(flightDetailsSummary(roundTrip, new URLSearchParams(), PRICING, NOW)).toContain(
      'Round trip · British Airways · 2 Adults, 1 Child',
    );
    const carried = new URLSearchParams({
      from_origin: 'JFK',
      from_destination: 'LHR',
      from_departureDate: '2026-12-20',
      from_adults: '3',
    });
    const html = flightDetailsSummary(roundTrip, carried, PRICING, NOW);
    expect(html).toMatch(/Total price · 3 Adults/);
    expect(html).toContain('Refundable');
    expect(html).toContain('JFK ⇄ LHR');
  });

  it('escapes what the offer says', () => {
    const html = flightDetailsSummary(hostile, new URLSearchParams(), PRICING, NOW);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;co&#x27; $`');
    expect(html).toContain('&lt;/h1&gt;&lt;img src=x onerror=alert(1)&gt; to LAX');
  });
});

describe('the top of an offer’s booking page in its HTML', () => {
  it('shows the steps, the flight summary with its price lines, and the passport note on an international trip', () => {
    const html = bookingSummary(roundTrip, new URLSearchParams(), PRICING);
    expect(html).toContain('<nav aria-label="Booking progress">');
    expect(html).toContain('Passenger Details');
    expect(html).toContain(PASSPORT_BANNER);
    expect(html).toContain('Outbound · Sun, Dec 20');
    expect(html).toContain('Return · Sun, Dec 27');
    expect(html).toContain('7h 5m');
    // Arrives the next day.
    expect(html).toContain('<span aria-hidden="true">+1</span>');
    expect(html).toMatch(/Base fare.*Taxes and fees.*Total price/);
    expect(html).toContain(formatDisplayPrice(roundTrip.offer, oneTraveller));
    expect(html).not.toMatch(/ style="/);
  });

  it('has no passport note on a domestic trip, and escapes what the offer says', () => {
    expect(bookingSummary(domestic, new URLSearchParams(), PRICING)).not.toContain(PASSPORT_BANNER);
    const html = bookingSummary(hostile, new URLSearchParams(), PRICING);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;/h1&gt;&lt;img src=x onerror=alert(1)&gt;');
  });
});
