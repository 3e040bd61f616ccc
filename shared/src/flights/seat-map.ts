import { z } from 'zod';
import { CABIN_CLASSES } from '../search/cabin.js';

export const SEAT_MAP_ELEMENT_TYPES = [
  'seat',
  'restricted_seat_general',
  'bassinet',
  'empty',
  'exit_row',
  'lavatory',
  'galley',
  'closet',
  'stairs',
] as const;
export type SeatMapElementType = (typeof SEAT_MAP_ELEMENT_TYPES)[number];

export const seatMapElementSchema = z.object({
  type: z.enum(SEAT_MAP_ELEMENT_TYPES),
  /** Seats only, e.g. "12A". */
  designator: z.string().optional(),
  name: z.string().nullable().optional(),
  disclosures: z.array(z.string()).optional(),
  /** Seats only: false when taken or restricted (no services). */
  available: z.boolean().optional(),
  /** One per passenger who may take the seat; "0.00" means free. */
  available_services: z
    .array(z.object({ id: z.string(), passenger_id: z.string(), total_amount: z.string(), total_currency: z.string() }))
    .optional(),
});
export type SeatMapElementView = z.infer<typeof seatMapElementSchema>;

export const seatMapRowSchema = z.object({
  /** The row number printed on the seats, null for rows without seats (galleys, lavatories). */
  number: z.number().nullable(),
  sections: z.array(z.object({ elements: z.array(seatMapElementSchema) })),
});
export type SeatMapRowView = z.infer<typeof seatMapRowSchema>;

export const seatMapCabinSchema = z.object({
  cabin_class: z.enum(CABIN_CLASSES),
  deck: z.number(),
  aisles: z.number(),
  wings: z.object({ first_row_index: z.number(), last_row_index: z.number() }).nullable(),
  rows: z.array(seatMapRowSchema),
});
export type SeatMapCabinView = z.infer<typeof seatMapCabinSchema>;

/**
 * `GET /api/flights/seatmaps/:offerId`: one seat map per flight segment (Duffel's unit), each
 * naming its slice, in slice then segment order; `[]` when the airline offers none. Rows carry
 * their number and each element says whether it can be chosen (seed 001 §3).
 */
export const seatMapViewSchema = z.object({
  id: z.string(),
  slice_id: z.string(),
  segment_id: z.string(),
  cabins: z.array(seatMapCabinSchema),
});
export type SeatMapView = z.infer<typeof seatMapViewSchema>;
export const seatMapListSchema = z.array(seatMapViewSchema);
