import { airlineBadgeColours } from '@contrail/shared/reference/airline-colours';
import { Router } from 'express';

/** Where an airline's monogram badge is served: same origin, so the Content-Security-Policy allows it. */
export const airlineBadgePath = (code: string) => `/airline-logos/${code}.svg`;

/**
 * The logo a card shows: the provider's (Duffel's symbol logo), else the airline's monogram badge
 * in its livery colour when the reference list knows it, else none (the card shows the code).
 */
export function airlineLogoUrl(code: string | null | undefined, providerLogo: string | null): string | null {
  if (providerLogo) return providerLogo;
  return code && airlineBadgeColours(code) ? airlineBadgePath(code) : null;
}

/** The badge: the two-character code, bold, on a rounded square of the airline's colour. */
export function airlineBadgeSvg(code: string): string | undefined {
  const colours = airlineBadgeColours(code);
  if (!colours) return undefined;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">' +
    `<rect width="32" height="32" rx="6" fill="${colours.background}"/>` +
    '<text x="16" y="20.5" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="13" ' +
    `font-weight="700" letter-spacing="0.5" fill="${colours.text}">${code}</text></svg>`
  );
}

const ONE_WEEK_SECONDS = 7 * 24 * 60 * 60;

/** GET /airline-logos/:code.svg — 404 for an airline the reference list does not know. */
export function airlineBadgeRoutes(): Router {
  const router = Router();
  router.get('/airline-logos/:file', (req, res, next) => {
    const match = /^([A-Z0-9]{2})\.svg$/.exec(req.params.file);
    const svg = match && airlineBadgeSvg(match[1]!);
    if (!svg) return next();
    res.set('Cache-Control', `public, max-age=${ONE_WEEK_SECONDS}`).type('image/svg+xml').send(svg);
  });
  return router;
}
