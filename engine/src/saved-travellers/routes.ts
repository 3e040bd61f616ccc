import {
  SAVED_TRAVELLER_MESSAGES,
  SAVED_TRAVELLERS_MAX,
  type SavedTravellerList,
} from '@contrail/shared/accounts/saved-travellers';
import { savedTravellerInputSchema } from '@contrail/shared/accounts/saved-traveller-input';
import { Router } from 'express';
import { z } from 'zod';
import type { Clock } from '../clock.js';
import { PiiVault } from '../bookings/pii/vault.js';
import { SqlPiiKeyStore } from '../bookings/pii/sql-key-store.js';
import { HttpError, parseInput } from '../http/errors.js';
import type { SqlExecutor } from '../storage/sql.js';
import { requireUser } from '../accounts/guards.js';
import { SavedTravellerStore } from './store.js';

export interface SavedTravellerDeps {
  sql: SqlExecutor;
  clock: Clock;
  /** Seals the travellers as booking data is sealed (bookings/pii): the same key store and master key. */
  piiMasterKey: Buffer;
}

/** The vault saved travellers are sealed with: booking data's key store, under the same master key. */
export const savedTravellerVault = (sql: SqlExecutor, piiMasterKey: Buffer) =>
  new PiiVault(new SqlPiiKeyStore(sql, piiMasterKey));

const idSchema = z.object({ id: z.uuid('Saved traveller not found') });

const notFound = () => new HttpError(404, SAVED_TRAVELLER_MESSAGES.notFound, 'NOT_FOUND');

/**
 * /api/account/travellers: the signed-in customer's own saved travellers (issue 33 item 4). Every
 * query names the signed-in user, so another account's traveller answers 404 as if it did not exist.
 */
export function savedTravellerRoutes(deps: SavedTravellerDeps): Router {
  const store = new SavedTravellerStore(deps.sql, savedTravellerVault(deps.sql, deps.piiMasterKey));
  const router = Router();

  router.get('/account/travellers', requireUser, async (req, res) => {
    const answer: SavedTravellerList = { travellers: await store.list(req.user!.id) };
    res.set('Cache-Control', 'no-store').json(answer);
  });

  router.post('/account/travellers', requireUser, async (req, res) => {
    const fields = parseInput(savedTravellerInputSchema, req.body);
    if ((await store.count(req.user!.id)) >= SAVED_TRAVELLERS_MAX)
      throw new HttpError(409, SAVED_TRAVELLER_MESSAGES.tooMany, 'TOO_MANY_TRAVELLERS');
    res.status(201).json(await store.add(req.user!.id, fields, deps.clock.now()));
  });

  router.put('/account/travellers/:id', requireUser, async (req, res) => {
    const { id } = parseInput(idSchema, req.params);
    const fields = parseInput(savedTravellerInputSchema, req.body);
    const traveller = await store.update(req.user!.id, id, fields, deps.clock.now());
    if (!traveller) throw notFound();
    res.json(traveller);
  });

  router.delete('/account/travellers/:id', requireUser, async (req, res) => {
    const { id } = parseInput(idSchema, req.params);
    if (!(await store.remove(req.user!.id, id))) throw notFound();
    res.status(204).end();
  });

  return router;
}
