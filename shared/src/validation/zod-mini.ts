import * as z from 'zod/mini';

/**
 * zod/mini, for the contracts a first page reads its answers with (issue 38): the same checks as
 * zod classic in about a quarter of the bytes. Its messages are English once zod classic has
 * loaded (it sets them as it loads, on the config every copy of zod shares): the engine and the
 * CLI load it at start; the storefront's first pages, which load only mini, set them when an
 * answer fails (storefront/src/app/lazy-contract.ts), so a broken answer reads the same everywhere.
 */
export { z };
