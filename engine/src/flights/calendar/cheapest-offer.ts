import { calendarOfferSchema } from '@contrail/shared/flights/calendar';
import { z } from 'zod';
import type { IndexedPrice } from '../price-index/price-index.js';
import type { FlightSearchQuery } from '../provider.js';
import type { SearchPages } from '../search-pages.js';

const firstOffer = z.object({ offers: z.array(calendarOfferSchema).max(1) });

/** A search's cheapest offer, as the search pages list it: the first of price-asc (null: none found). */
export async function cheapestOffer(
  pages: Pick<SearchPages, 'answer'>,
  search: FlightSearchQuery,
): Promise<IndexedPrice['cheapest']> {
  const page = await pages.answer(search, { sort: 'price-asc', page: 1, limit: 1, shape: 'more' }, 'identity');
  const [offer] = firstOffer.parse(JSON.parse(Buffer.from(page.body).toString('utf8'))).offers;
  return offer ?? null;
}
