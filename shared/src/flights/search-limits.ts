// The search API's constants, apart from its zod schema (search-params.ts) so that a page needing
// only these never loads zod.

export const MISSING_SEARCH_PARAMS_MESSAGE = 'Missing required flight search parameters';
/** First load 30 offers; load-more pages of 100 (seed 000 §9); the API never pages by more than 100. */
export const FIRST_PAGE_LIMIT = 30;
export const MAX_PAGE_LIMIT = 100;
