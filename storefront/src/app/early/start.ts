import { readStartupBrandKey } from '../../brand/request-brand-key';
import { startEarlyRequests } from './early-fetch';
import { earlyRequests } from './early-requests';

/**
 * The early chunk of a first page (build/prerender-pages.ts runs it beside the app's scripts):
 * starts the page's first API calls now, while the app downloads, rather than once it has rendered.
 */
window.__contrailEarlyRequests = startEarlyRequests(earlyRequests(window.location), readStartupBrandKey());
