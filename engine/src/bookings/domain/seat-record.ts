import { z } from 'zod';
import { moneySchema } from '@contrail/shared/booking/money-schema';

/** A seat of a passenger on a flight: chosen with the booking, or bought after it (issue 36). */
export const seatRecordSchema = z.object({
  passengerId: z.string(),
  segmentId: z.string(),
  designator: z.string(),
  /** The provider's seat service. */
  serviceId: z.string(),
  price: moneySchema,
});
export type SeatRecord = z.infer<typeof seatRecordSchema>;
