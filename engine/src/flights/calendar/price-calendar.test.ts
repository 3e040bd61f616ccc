import { CALENDAR_LIVE_SEARCHES } from '@contrail/shared/search/flexible-dates';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock.js';
import type { EncodedJson } from '../cached-json.js';
import { PriceIndex } from '../price-index/price-index.js';
import type { FlightSearchQuery } from '../provider.js';
import type { SearchPages } from '../search-pages.js';
import { PriceCalendar } from './price-calendar.js';

const asked: FlightSearchQuery = {
  origin: 'SEA',
  destination: 'SFO',
  departureDate: '2026-12-10',
  cabinClass: 'economy',
  adultsCount: 1,
  childrenCount: 0,
  infantsCount: 0,
};

type Behaviour = 'none' | 'fail' | 'hang' | undefined;

const place = (iata_code: string, country_code: string) => ({ iata_code, country_code, name: iata_code });
/** A search page's offer (with fields the calendar does not keep). */
const offerCosting = (total_amount: string) => ({
  id: 'off_1',
  total_amount,
  total_currency: 'USD',
  owner: { iata_code: 'AS', name: 'Alaska' },
  slices: [{ origin: place('SEA', 'US'), destination: place('SFO', 'US'), duration: 'PT2H' }],
});

/** Search pages whose cheapest offer costs 100 + the departure's day of the month, or as told. */
function fakePages(behaviour: (search: FlightSearchQuery) => Behaviour = () => undefined) {
  const searched: string[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const pages: Pick<SearchPages, 'answer'> = {
    async answer(search, request, accepted): Promise<EncodedJson> {
      expect(request).toMatchObject({ sort: 'price-asc', page: 1, limit: 1 });
      expect(accepted).toBe('identity');
      searched.push(`${search.departureDate}/${search.returnDate ?? ''}`);
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      try {
        const outcome = behaviour(search);
        if (outcome === 'hang') await new Promise(() => {});
        await Promise.resolve();
        if (outcome === 'fail') throw new Error('provider down');
        const day = Number(search.departureDate.slice(8));
        const offers = outcome === 'none' ? [] : [offerCosting(`${100 + day}.00`)];
        return { body: Buffer.from(JSON.stringify({ offers })), encoding: 'identity', etag: 'W/"x"' };
      } finally {
        running -= 1;
      }
    },
  };
  return { pages, searched, mostAtOnce: () => mostAtOnce };
}

function calendarWith(pages: Pick<SearchPages, 'answer'>, now = '2026-11-29T12:00:00Z') {
  const clock = new ManualClock(now);
  const calendar = new PriceCalendar({ searchPages: pages, priceIndex: new PriceIndex(clock), clock, waitMs: 200 });
  return { calendar, clock };
}

describe('the price calendar', () => {
  it('one way: prices every day of the strip live and indexes them, so the next answer searches nothing', async () => {
    const { pages, searched } = fakePages();
    const { calendar, clock } = calendarWith(pages);
    const first = await calendar.answer(asked);
    expect(first.pending).toBe(0);
    expect(first.cells[0]!.cheapest).toEqual({
      total_amount: '107.00',
      total_currency: 'USD',
      owner: { iata_code: 'AS' },
      slices: [
        { origin: { iata_code: 'SEA', country_code: 'US' }, destination: { iata_code: 'SFO', country_code: 'US' } },
      ],
    });
    expect(first.cells.map((cell) => cell.cheapest?.total_amount)).toEqual([
      '107.00',
      '108.00',
      '109.00',
      '110.00',
      '111.00',
      '112.00',
      '113.00',
    ]);
    expect(first.cells.every((cell) => cell.status === 'priced' && cell.live)).toBe(true);
    expect(searched).toHaveLength(7);

    clock.advance(60 * 60_000);
    const again = await calendar.answer(asked);
    expect(searched).toHaveLength(7);
    expect(again.cells.every((cell) => cell.status === 'priced' && !cell.live)).toBe(true);
    expect(again.cells[0]!.checkedAt).toBe('2026-11-29T12:00:00.000Z');
  });

  it('an indexed price past its shelf life is searched again', async () => {
    const { pages, searched } = fakePages();
    const { calendar, clock } = calendarWith(pages);
    await calendar.answer(asked);
    clock.advance(24 * 60 * 60_000);
    const later = await calendar.answer(asked);
    expect(searched).toHaveLength(14);
    expect(later.cells.every((cell) => cell.live)).toBe(true);
  });

  it('round trip: at most 12 new live searches per answer, the nearest days first, three at a time', async () => {
    const { pages, searched, mostAtOnce } = fakePages();
    const { calendar } = calendarWith(pages);
    const roundTrip = { ...asked, returnDate: '2026-12-17' };
    const first = await calendar.answer(roundTrip);
    expect(first.cells).toHaveLength(49);
    expect(searched).toHaveLength(CALENDAR_LIVE_SEARCHES);
    expect(searched[0]).toBe('2026-12-10/2026-12-17');
    expect(mostAtOnce()).toBeLessThanOrEqual(3);
    expect(first.pending).toBe(49 - CALENDAR_LIVE_SEARCHES);
    expect(
      first.cells.find((cell) => cell.departureDate === '2026-12-07' && cell.returnDate === '2026-12-14'),
    ).toMatchObject({ status: 'pending', cheapest: null });

    let answer = first;
    for (let round = 0; answer.pending > 0 && round < 10; round += 1) answer = await calendar.answer(roundTrip);
    expect(answer.pending).toBe(0);
    expect(searched).toHaveLength(49);
    expect(new Set(searched).size).toBe(49);
  });

  it('answers within its wait, pending, while a search hangs, and never starts that search twice', async () => {
    const { pages, searched } = fakePages((search) => (search.departureDate === '2026-12-13' ? 'hang' : undefined));
    const { calendar } = calendarWith(pages);
    const first = await calendar.answer(asked);
    expect(first.cells[6]).toMatchObject({ status: 'pending' });
    expect(first.pending).toBe(1);
    await calendar.answer(asked);
    expect(searched.filter((day) => day.startsWith('2026-12-13'))).toHaveLength(1);
  });

  it('says which days failed and which found nothing; a failed day is not searched again at once', async () => {
    const { pages, searched } = fakePages((search) =>
      search.departureDate === '2026-12-08' ? 'fail' : search.departureDate === '2026-12-12' ? 'none' : undefined,
    );
    const { calendar } = calendarWith(pages);
    const answer = await calendar.answer(asked);
    const status = (date: string) => answer.cells.find((cell) => cell.departureDate === date)!.status;
    expect(status('2026-12-08')).toBe('failed');
    expect(status('2026-12-12')).toBe('none');
    expect(answer.pending).toBe(0);
    await calendar.answer(asked);
    expect(searched.filter((day) => day.startsWith('2026-12-08'))).toHaveLength(1);
    expect(searched.filter((day) => day.startsWith('2026-12-12'))).toHaveLength(1);
  });

  it('days nobody sells are unavailable and never searched', async () => {
    const { pages, searched } = fakePages();
    const { calendar } = calendarWith(pages, '2026-12-08T12:00:00Z');
    const answer = await calendar.answer(asked);
    expect(answer.cells.map((cell) => cell.status)).toEqual([
      'unavailable',
      'priced',
      'priced',
      'priced',
      'priced',
      'priced',
      'priced',
    ]);
    expect(searched.some((day) => day.startsWith('2026-12-07'))).toBe(false);
  });
});
