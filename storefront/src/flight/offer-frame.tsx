import { OFFER_SLOT } from '@contrail/shared/site/offer-slot';
import { renderToStaticMarkup } from 'react-dom/server';
import { Shell } from '../app/shell/shells';

const SLOT_TEXT = 'offer-summary-slot';

/**
 * The frame of an offer's details or booking page at `path` (the brand-neutral header, the main
 * area), with OFFER_SLOT where the engine puts the top of the page for the offer it listed. The
 * build writes it into the page's offer HTML (build/prerender-pages.ts).
 */
export function renderOfferFrame(path: string): string {
  return renderToStaticMarkup(<Shell path={path}>{SLOT_TEXT}</Shell>).replace(SLOT_TEXT, OFFER_SLOT);
}
