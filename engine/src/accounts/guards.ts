import type { RequestHandler } from 'express';
import { HttpError } from '../http/errors.js';

/** The seed's client recognises a signed-out answer by exactly this body. */
export const NOT_AUTHENTICATED = 'Not authenticated';

/** 401 { message: "Not authenticated" } unless signed in (req.user is then set). */
export const requireUser: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : new HttpError(401, NOT_AUTHENTICATED));
};

/** 401 when signed out, 403 unless an admin (of the brand, or a platform admin). */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.user) next(new HttpError(401, NOT_AUTHENTICATED));
  else if (!req.user.isAdmin) next(new HttpError(403, 'Admin access required', 'FORBIDDEN'));
  else next();
};

/** 401 when signed out, 403 unless a platform admin (who sees every brand). */
export const requirePlatformAdmin: RequestHandler = (req, _res, next) => {
  if (!req.user) next(new HttpError(401, NOT_AUTHENTICATED));
  else if (!req.user.isPlatformAdmin) next(new HttpError(403, 'Platform admin access required', 'FORBIDDEN'));
  else next();
};
