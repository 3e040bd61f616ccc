import { invalidParam, invalidRequest } from './errors.js';
import { optionalInteger, optionalString, type Params } from './params.js';

/**
 * Stripe's list parameters: `limit` (1 to 100, default 10), the cursors `starting_after` (older
 * than) and `ending_before` (newer than), and `created[gt|gte|lt|lte]` in seconds (or `created`
 * alone: exactly then). Lists answer newest first.
 */
export interface CreatedRange {
  gt?: number;
  gte?: number;
  lt?: number;
  lte?: number;
}

export interface Listed {
  id: string;
  created: number;
}

export interface ListPage {
  created: CreatedRange;
  after?: Listed;
  before?: Listed;
  /** How many to fetch: one more than asked, to know whether there are more. */
  limit: number;
}

export const LIST_PARAMS = ['created', 'limit', 'starting_after', 'ending_before', 'expand'];
const MAX_LIMIT = 100;

/** The order Stripe lists objects in: newest first, then by id. */
export const newestFirst = (a: Listed, b: Listed) => b.created - a.created || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export function createdRangeOf(params: Params): CreatedRange {
  const created = params.created;
  if (created === undefined) return {};
  if (typeof created === 'string') {
    const at = optionalInteger(params, 'created');
    return at === undefined ? {} : { gte: at, lte: at };
  }
  if (typeof created !== 'object' || created === null || Array.isArray(created))
    throw invalidRequest('Invalid created: give a timestamp or created[gt|gte|lt|lte]', { param: 'created' });
  const range: CreatedRange = {};
  for (const key of Object.keys(created)) {
    if (key !== 'gt' && key !== 'gte' && key !== 'lt' && key !== 'lte')
      throw invalidRequest(`Received unknown parameter: created[${key}]`, {
        code: 'parameter_unknown',
        param: `created[${key}]`,
      });
    const value = optionalInteger(created as Params, key);
    if (value !== undefined) range[key] = value;
  }
  return range;
}

/** The page a list request asks for, its cursors read with `find` (a missing one is a 404). */
export async function listPageOf(
  params: Params,
  find: (id: string) => Promise<Listed>,
): Promise<{ page: ListPage; limit: number }> {
  const limit = optionalInteger(params, 'limit') ?? 10;
  if (limit < 1 || limit > MAX_LIMIT) throw invalidParam('limit', `Invalid limit: must be between 1 and ${MAX_LIMIT}`);
  const startingAfter = optionalString(params, 'starting_after');
  const endingBefore = optionalString(params, 'ending_before');
  if (startingAfter && endingBefore)
    throw invalidRequest('You may only specify one of these parameters: starting_after, ending_before.', {
      param: 'ending_before',
    });
  const page: ListPage = { created: createdRangeOf(params), limit: limit + 1 };
  if (startingAfter) page.after = await find(startingAfter);
  if (endingBefore) page.before = await find(endingBefore);
  return { page, limit };
}

export const inCreatedRange = (created: number, range: CreatedRange) =>
  (range.gt === undefined || created > range.gt) &&
  (range.gte === undefined || created >= range.gte) &&
  (range.lt === undefined || created < range.lt) &&
  (range.lte === undefined || created <= range.lte);

/** A page of `objects` (any order) as the store answers it: newest first, at most `page.limit`. */
export function pageOf<T extends Listed>(objects: readonly T[], page: ListPage): T[] {
  const { after, before } = page;
  const matching = objects
    .filter((object) => inCreatedRange(object.created, page.created))
    .filter((object) => (!after || newestFirst(after, object) < 0) && (!before || newestFirst(object, before) < 0))
    .sort(newestFirst);
  // Before a cursor: the objects nearest to it.
  return before ? matching.slice(-page.limit) : matching.slice(0, page.limit);
}

/** The asked page out of one fetched a longer by one: `has_more`, and the objects to answer. */
export function trimmed<T>(found: readonly T[], page: ListPage, limit: number): { hasMore: boolean; data: T[] } {
  const hasMore = found.length > limit;
  return { hasMore, data: page.before && hasMore ? found.slice(found.length - limit) : found.slice(0, limit) };
}
