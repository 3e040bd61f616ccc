import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/**
 * zod/mini, for the contracts a first page reads its answers with (issue 38): the same checks as
 * zod classic in about a quarter of the bytes. Classic sets its English messages when it loads and
 * mini sets none, so this sets them: an answer that breaks a contract reads the same whichever zod
 * a page, the engine or the CLI loaded first.
 */
z.config(en());

export { z };
