import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { OFFER_SUMMARY_MODULE, type RenderOfferSummary } from '@contrail/shared/site/offer-slot';

/**
 * The storefront build's renderer of the top of an offer's pages (storefront/src/app/server/
 * offer-summary.tsx), loaded from its folder: undefined when the build has none, the error when it
 * does not load or exports no renderer (the engine then serves the pages' plain frames).
 */
export async function loadOfferSummary(directory: string): Promise<RenderOfferSummary | Error | undefined> {
  const file = path.join(directory, OFFER_SUMMARY_MODULE);
  if (!existsSync(file)) return undefined;
  try {
    const loaded = (await import(pathToFileURL(file).href)) as { renderOfferSummary?: unknown };
    if (typeof loaded.renderOfferSummary !== 'function') {
      return new Error(`${OFFER_SUMMARY_MODULE} exports no renderOfferSummary`);
    }
    return loaded.renderOfferSummary as RenderOfferSummary;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}
