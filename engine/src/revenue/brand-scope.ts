import type { SignedInUser } from '../accounts/session.js';
import { HttpError } from '../http/errors.js';
import type { BrandScope } from './queries.js';

/**
 * The brands an admin may read figures of, narrowed to the one asked for: a platform admin sees
 * every brand, a brand admin only their own (asking for another is 403, not an empty answer).
 * Other staff roles extend this one place.
 */
export function revenueScope(
  user: Pick<SignedInUser, 'isPlatformAdmin' | 'brandKey'>,
  asked: string | undefined,
): BrandScope {
  if (user.isPlatformAdmin) return asked ? { all: false, brands: [asked] } : { all: true };
  if (asked && asked !== user.brandKey)
    throw new HttpError(403, 'You can see the revenue of your own brand only', 'FORBIDDEN');
  return { all: false, brands: [user.brandKey] };
}
