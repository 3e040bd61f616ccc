import { withInitials } from '@contrail/shared/support-desk/initials';
import type { AdminBooking } from '@contrail/shared/booking/view';
import { presentRow } from '../../bookings/read-model/present.js';
import type { BookingRow } from '../../bookings/read-model/row.js';

/**
 * A booking as staff lists show it: travellers named by their initials only (their names show
 * once revealed, for a reason), with the booking's brand, customer, offer and payment.
 */
export async function listedAdminBooking(
  deps: Parameters<typeof presentRow>[0],
  row: BookingRow,
): Promise<AdminBooking> {
  const view = await presentRow(deps, row);
  return {
    ...view,
    bookingData: { ...view.bookingData, passengers: view.bookingData.passengers.map(withInitials) },
    brandKey: row.brandKey,
    customerId: row.customerId,
    offerId: row.offerId,
    paymentId: row.paymentId,
    paymentStatus: row.paymentStatus,
    failure: row.failure,
  };
}
