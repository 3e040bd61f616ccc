import { Router } from 'express';
import { z } from 'zod';
import { allow } from '../accounts/guards.js';
import { HttpError, parseInput } from '../http/errors.js';

/** The mounted Duffel sandbox's route repricing (its faults' `changeRoutePrice`). */
export interface RoutePriceControl {
  changeRoutePrice(origin: string, destination: string, factor: number): unknown;
}

const IATA = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Must be a 3-letter airport code');
const routePriceSchema = z.object({
  origin: IATA,
  destination: IATA,
  /** 0.7: every offer of the route 30% cheaper; 1 puts it back. */
  factor: z.number().min(0.1, 'Factor must be at least 0.1').max(10, 'Factor must be at most 10'),
});

/**
 * Test mode only (issue 34): an admin reprices a route in the mounted sandbox, as an airline would,
 * so a price alert's next check finds the drop. In the style of the schedule-change control.
 */
export function sandboxRoutePriceRoutes(control: RoutePriceControl, isLive: () => Promise<boolean>): Router {
  const router = Router();
  router.post('/admin/sandbox/route-price', allow('settings.change-mode'), async (req, res) => {
    const input = parseInput(routePriceSchema, req.body);
    if (await isLive()) throw new HttpError(409, 'The sandbox is off in live mode', 'LIVE_MODE');
    control.changeRoutePrice(input.origin, input.destination, input.factor);
    res.json(input);
  });
  return router;
}
