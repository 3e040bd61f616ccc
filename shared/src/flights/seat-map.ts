import type { CabinClass } from '../search/cabin.js';

/**
 * `GET /api/flights/seatmaps/:offerId`: one seat map per flight segment (Duffel's unit), each
 * naming its slice, in slice then segment order; `[]` when the airline offers none. Rows carry
 * their number and each element says whether it can be chosen (seed 001 §3).
 */
export interface SeatMapView {
  id: string;
  slice_id: string;
  segment_id: string;
  cabins: SeatMapCabinView[];
}

export interface SeatMapCabinView {
  cabin_class: CabinClass;
  deck: number;
  aisles: number;
  wings: { first_row_index: number; last_row_index: number } | null;
  rows: SeatMapRowView[];
}

export interface SeatMapRowView {
  /** The row number printed on the seats, null for rows without seats (galleys, lavatories). */
  number: number | null;
  sections: Array<{ elements: SeatMapElementView[] }>;
}

export type SeatMapElementType =
  'seat' | 'restricted_seat_general' | 'bassinet' | 'empty' | 'exit_row' | 'lavatory' | 'galley' | 'closet' | 'stairs';

export interface SeatMapElementView {
  type: SeatMapElementType;
  /** Seats only, e.g. "12A". */
  designator?: string;
  name?: string | null;
  disclosures?: string[];
  /** Seats only: false when taken or restricted (no services). */
  available?: boolean;
  /** One per passenger who may take the seat; "0.00" means free. */
  available_services?: Array<{ id: string; passenger_id: string; total_amount: string; total_currency: string }>;
}
