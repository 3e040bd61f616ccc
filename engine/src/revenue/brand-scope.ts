import { reachesBrand, visibleBrands } from '@contrail/shared/staff/policy';
import type { StaffScope } from '@contrail/shared/staff/roles';
import { HttpError } from '../http/errors.js';
import type { BrandScope } from './queries.js';

/**
 * The brands a staff member may read figures of (the staff policy's scope), narrowed to the one
 * asked for: a platform admin sees every brand, anyone else only their own brands (asking for
 * another is 403, not an empty answer).
 */
export function revenueScope(staff: StaffScope, asked: string | undefined): BrandScope {
  if (asked && !reachesBrand(staff, asked))
    throw new HttpError(403, 'You can see the revenue of your own brands only', 'FORBIDDEN');
  if (asked) return { all: false, brands: [asked] };
  const brands = visibleBrands(staff);
  return brands === undefined ? { all: true } : { all: false, brands: [...brands] };
}
