import { randomUUID } from 'node:crypto';
import { can, type StaffAction } from '@contrail/shared/staff/policy';
import type { Request } from 'express';
import type { EventContext } from '../../eventstore/metadata.js';
import { HttpError } from '../../http/errors.js';

/** What the booking routes read off a request: brand, correlation, the acting user, the booking id, the origin. */
export const brandOf = (req: Request) => req.brandKey ?? 'default';
/** This site's origin as the visitor reached it (X-Forwarded-Proto only from a trusted proxy). */
export const originOf = (req: Request) => `${req.protocol}://${req.get('host') ?? 'localhost'}`;
export const correlationOf = (req: Request) => (typeof req.id === 'string' ? req.id : randomUUID());
export const contextOf = (req: Request): EventContext => ({
  correlationId: correlationOf(req),
  actor: req.user?.id ?? 'anonymous',
  brand: brandOf(req),
});

export const bookingIdOf = (req: Request) => {
  const id = String(req.params.id ?? '');
  if (!/^[\w-]{1,100}$/.test(id)) throw new HttpError(404, 'Booking not found', 'NOT_FOUND');
  return id;
};

/** May this member of staff take `action` on a booking of this brand (the one staff policy)? */
export const adminSees = (req: Request, action: StaffAction, brandKey: string) =>
  can(req.user?.staff, action, brandKey);
