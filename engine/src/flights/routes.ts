import {
  apiErrorMessage,
  FIRST_PAGE_LIMIT,
  flightSearchParamsSchema,
  hasRequiredSearchParams,
  INVALID_OFFER_ID_MESSAGE,
  minutesRemaining,
  MISSING_SEARCH_PARAMS_MESSAGE,
  OFFER_EXPIRED_MESSAGE,
  OFFER_ID_PATTERN,
  OFFER_ID_REQUIRED_MESSAGE,
  OFFER_VALID_MESSAGE,
  type FlightOffer,
  type FlightSearchParams,
  type VerifyOfferResult,
} from '@contrail/shared';
import { DEFAULT_PRICING } from '@contrail/shared/pricing/pricing';
import { bagsWantedSchema, searchFiltersSchema } from '@contrail/shared/flights/search-filters';
import { wantsBags, type BagsWanted } from '@contrail/shared/pricing/bags';
import type { FilterState } from '@contrail/shared/results/filter-state';
import { sellableDateProblem } from '@contrail/shared/search/sellable-dates';
import { sameFlights } from '@contrail/shared/flights/fare-brands';
import { calendarViewQuerySchema } from '@contrail/shared/flights/calendar';
import { MAX_PAGE_LIMIT } from '@contrail/shared/flights/search-limits';
import type { SearchOffer } from '@contrail/shared/flights/search-offer';
import { Router, type Request, type Response } from 'express';
import type { BrandDirectory } from '../brands/brand-directory.js';
import type { Clock } from '../clock.js';
import { fieldErrorsOf, HttpError, ValidationError } from '../http/errors.js';
import { providerFailure } from './provider-failure.js';
import { FlightProviderError, type FlightProvider, type FlightSearchQuery } from './provider.js';
import { OfferVerifications } from './offer-verifications.js';
import type { BodyEncoding, EncodedJson } from './cached-json.js';
import type { PageShape } from './search-page.js';
import { cheapestOffer } from './calendar/cheapest-offer.js';
import { PriceCalendar } from './calendar/price-calendar.js';
import { PriceIndex } from './price-index/price-index.js';
import type { SearchPages } from './search-pages.js';

export { VERIFY_WINDOW_MS } from './offer-verifications.js';
/** Pages of 100 offers read to find an offer's fare brands (a search lists 200 at most in the sandbox). */
const FARE_BRAND_PAGES = 3;
/** Columns side by side: airlines sell three to five brands of the same flights. */
const MAX_FARE_BRANDS = 6;
const DAY_MS = 86_400_000;
const MULTI_CITY_CALENDAR_MESSAGE = 'Flexible dates are for one-way and round-trip searches';

export interface FlightRoutesDeps {
  flights: FlightProvider;
  clock: Clock;
  /** Shared with the recheck-offer job when given; a cache of this router's own otherwise. */
  verifications?: OfferVerifications;
  /** Where search pages are answered (search-pages.ts). */
  searchPages: SearchPages;
  /** The cheapest price of every search run (issue 34); one of this router's own otherwise. */
  priceIndex?: PriceIndex;
  /** The brands, whose pricing prices the price filter (the default brand's without them). */
  brands?: BrandDirectory;
}

const REQUIRED_FIELDS = [
  ['origin', 'Origin is required'],
  ['destination', 'Destination is required'],
  ['departureDate', 'Departure date is required'],
] as const;

function readSearch(input: unknown, clock: Clock): FlightSearchParams {
  if (!hasRequiredSearchParams(input)) {
    const record = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
    const errors = REQUIRED_FIELDS.filter(
      ([field]) => typeof record[field] !== 'string' || (record[field] as string).trim() === '',
    ).map(([path, message]) => ({ path, message }));
    throw new HttpError(400, MISSING_SEARCH_PARAMS_MESSAGE, 'MISSING_SEARCH_PARAMS', { errors });
  }
  const parsed = flightSearchParamsSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    // The schema's messages already name their field ("limit must be ...").
    throw new ValidationError(errors, errors[0]?.message);
  }
  const params = parsed.data;
  // A day of slack either way: it is already tomorrow somewhere, and still yesterday elsewhere.
  const yesterday = new Date(clock.now().getTime() - DAY_MS).toISOString().slice(0, 10);
  const tomorrow = new Date(clock.now().getTime() + DAY_MS).toISOString().slice(0, 10);
  if (params.departureDate < yesterday) refuseDate('departureDate', 'Departure date cannot be in the past');
  const tooFar =
    sellableDateProblem('Departure date', params.departureDate, tomorrow) ??
    (params.returnDate === undefined ? null : sellableDateProblem('Return date', params.returnDate, tomorrow));
  if (tooFar) refuseDate(tooFar.startsWith('Return') ? 'returnDate' : 'departureDate', tooFar);
  params.slices?.forEach((slice, i) => {
    const problem = sellableDateProblem('Departure date', slice.departureDate, tomorrow);
    if (problem) refuseDate(`slices.${i}.departureDate`, `Flight ${i + 1}: ${problem}`);
  });
  return params;
}

/** The search itself, without how its pages are asked for. */
function queryOf({ page: _page, limit: _limit, sort: _sort, ...query }: FlightSearchParams): FlightSearchQuery {
  return query;
}

function readFilters(input: unknown): FilterState {
  const parsed = searchFiltersSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const errors = fieldErrorsOf(parsed.error);
  throw new ValidationError(errors, errors[0]?.message);
}

function readBags(input: unknown): BagsWanted {
  const parsed = bagsWantedSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const errors = fieldErrorsOf(parsed.error);
  throw new ValidationError(errors, errors[0]?.message);
}

function refuseDate(path: string, message: string): never {
  throw new HttpError(400, message, 'VALIDATION_ERROR', { errors: [{ path, message }] });
}

function offerIdOf(req: Request): string {
  const id = typeof req.params.id === 'string' ? req.params.id.trim() : '';
  if (id === '') throw new HttpError(400, OFFER_ID_REQUIRED_MESSAGE, 'MISSING_OFFER_ID');
  if (!OFFER_ID_PATTERN.test(id)) throw new HttpError(400, INVALID_OFFER_ID_MESSAGE, 'INVALID_OFFER_ID');
  return id;
}

async function fromProvider<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw providerFailure(error);
  }
}

/** A search page: 304 to a GET that has it, else its bytes (compressed ones pass the compression middleware by). */
function sendSearchPage(req: Request, res: Response, page: EncodedJson): void {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('ETag', page.etag);
  res.vary('Accept-Encoding');
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  if (page.encoding !== 'identity') res.setHeader('Content-Encoding', page.encoding);
  res.setHeader('Content-Length', page.body.length);
  res.end(page.body);
}

function verifyResult(res: Response, status: number, result: VerifyOfferResult): void {
  res.status(status).json(result);
}

/**
 * `/api/flights`: search (POST page 1, GET further pages, both in the asked `sort` over every offer
 * found), offer, seat maps, verify-offer (seed 000 §7). Search pages list offers in the trimmed
 * search view (search-offer-view.ts) and go out as cached bytes (search-pages.ts); the offer in full.
 */
export function flightRoutes(deps: FlightRoutesDeps): Router {
  const router = Router();
  const verifications = deps.verifications ?? new OfferVerifications(deps.clock);
  const priceIndex = deps.priceIndex ?? new PriceIndex(deps.clock);
  const calendar = new PriceCalendar({ searchPages: deps.searchPages, priceIndex, clock: deps.clock });

  async function searchPage(req: Request, res: Response, input: unknown, shape: PageShape) {
    const params = readSearch(input, deps.clock);
    const filters = readFilters(input);
    const bags = readBags(input);
    const brand = await deps.brands?.find(req.brandKey ?? 'default');
    const travellers = params.adultsCount + params.childrenCount + params.infantsCount;
    const pricing = {
      pricing: brand?.pricing ?? DEFAULT_PRICING,
      travellers,
      cabin: params.cabinClass,
      ...(wantsBags(bags) && { bags }),
    };
    const page = params.page ?? 1;
    const request = { sort: params.sort, page, limit: params.limit ?? FIRST_PAGE_LIMIT, shape, filters, pricing };
    const accepted = (req.acceptsEncodings('br', 'gzip', 'identity') || 'identity') as BodyEncoding;
    sendSearchPage(req, res, await fromProvider(deps.searchPages.answer(params, request, accepted)));
    // A nearby search's cheapest may fly from another airport: the index keeps the typed route's prices only.
    if (shape === 'first' && !params.nearbyAirports) {
      const query = queryOf(params);
      // The index is a by-product of the search: the traveller never waits for it, nor hears of its failure.
      void priceIndex.recordSearch(query, () => cheapestOffer(deps.searchPages, query)).catch(() => undefined);
    }
  }

  router.post('/search', (req, res) => searchPage(req, res, req.body ?? {}, 'first'));
  router.get('/search', (req, res) => searchPage(req, res, req.query, 'more'));

  router.get('/calendar', async (req, res) => {
    // The calendar prices the typed route (one search a day): nearby airports would multiply its searches.
    const { nearbyAirports: _nearby, ...asked } = queryOf(readSearch(req.query, deps.clock));
    // Flexible dates move one departure and one return: a multi-city trip has neither (issue 34).
    if (asked.slices)
      throw new HttpError(400, MULTI_CITY_CALENDAR_MESSAGE, 'VALIDATION_ERROR', {
        errors: [{ path: 'slices', message: MULTI_CITY_CALENDAR_MESSAGE }],
      });
    const view = calendarViewQuerySchema.safeParse(req.query);
    if (!view.success) throw new ValidationError(fieldErrorsOf(view.error), fieldErrorsOf(view.error)[0]?.message);
    res.json(await calendar.answer(asked, view.data.view));
  });

  router.get(['/offer', '/offer/:id'], async (req, res) => {
    const id = offerIdOf(req);
    res.json(await fromProvider(deps.flights.getOffer(id, { withServices: true })));
  });

  /**
   * The offers of a search, as its pages list them in price order (at most FARE_BRAND_PAGES pages):
   * read through the search pages, so the search thread and its cache answer as for any page.
   */
  async function searchOffersOf(query: FlightSearchQuery): Promise<SearchOffer[]> {
    const offers: SearchOffer[] = [];
    for (let page = 1; page <= FARE_BRAND_PAGES; page += 1) {
      const request = { sort: 'price-asc' as const, page, limit: MAX_PAGE_LIMIT, shape: 'more' as const };
      const answer = await deps.searchPages.answer(query, request, 'identity');
      const body = JSON.parse(Buffer.from(answer.body).toString('utf8')) as {
        offers: SearchOffer[];
        has_more: boolean;
      };
      offers.push(...body.offers);
      if (!body.has_more || body.offers.length === 0) break;
    }
    return offers;
  }

  /**
   * Fare brands side by side (issue 35): the offers of the same search that fly the same flights as
   * this one, in full (conditions with penalties, included bags, seat choice). The search travels
   * in the query, as the details page's link carries it.
   */
  router.get('/offer/:id/fare-brands', async (req, res) => {
    const id = offerIdOf(req);
    const offers = await fromProvider(searchOffersOf(queryOf(readSearch(req.query, deps.clock))));
    const chosen = offers.find((offer) => offer.id === id);
    if (!chosen) throw new HttpError(404, 'This offer is not among the offers of that search', 'OFFER_NOT_IN_SEARCH');
    const brands = sameFlights(chosen, offers).slice(0, MAX_FARE_BRANDS);
    // With their bag services: the columns are priced with the traveller's bags, as the cards are.
    const full = brands.map((offer) => deps.flights.getOffer(offer.id, { withServices: true }));
    res.json({ offers: await fromProvider(Promise.all(full)) });
  });

  router.get(['/seatmaps', '/seatmaps/:id'], async (req, res) => {
    const id = offerIdOf(req);
    res.json(await fromProvider(deps.flights.getSeatMaps(id)));
  });

  router.get(['/verify-offer', '/verify-offer/:id'], async (req, res) => {
    const raw = typeof req.params.id === 'string' ? req.params.id.trim() : '';
    const base = { offer_id: raw || null, expires_at: null, minutes_remaining: null };
    if (raw === '')
      return verifyResult(res, 400, {
        ...base,
        valid: false,
        error: 'MISSING_OFFER_ID',
        message: OFFER_ID_REQUIRED_MESSAGE,
      });
    if (!OFFER_ID_PATTERN.test(raw)) {
      return verifyResult(res, 400, {
        ...base,
        valid: false,
        error: 'INVALID_OFFER_ID',
        message: INVALID_OFFER_ID_MESSAGE,
      });
    }
    let offer: FlightOffer;
    try {
      offer = await verifications.verify(raw, () => deps.flights.getOffer(raw));
    } catch (error) {
      const kind = error instanceof FlightProviderError ? error.kind : 'unavailable';
      if (kind === 'not_found' || kind === 'offer_unavailable') {
        return verifyResult(res, 410, {
          ...base,
          valid: false,
          error: 'OFFER_EXPIRED',
          message: OFFER_EXPIRED_MESSAGE,
        });
      }
      return verifyResult(res, 502, { ...base, valid: false, error: 'API_ERROR', message: apiErrorMessage(502) });
    }
    const now = deps.clock.now();
    const expired = Date.parse(offer.expires_at) <= now.getTime();
    const result = {
      offer_id: offer.id,
      expires_at: offer.expires_at,
      minutes_remaining: minutesRemaining(offer.expires_at, now),
      total_amount: offer.total_amount,
      total_currency: offer.total_currency,
    };
    if (expired)
      return verifyResult(res, 410, {
        ...result,
        valid: false,
        error: 'OFFER_EXPIRED',
        message: OFFER_EXPIRED_MESSAGE,
      });
    verifyResult(res, 200, { ...result, valid: true, error: null, message: OFFER_VALID_MESSAGE });
  });

  return router;
}
