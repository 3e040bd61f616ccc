import type { FlightOffer } from '@contrail/shared/flights/offer';
import type { SeatMapView } from '@contrail/shared/flights/seat-map';
import { offer, slice } from '@contrail/shared/results/test-support/offer-fixture';

/** A domestic round trip for two adults: $100 supplied, $20 of it tax (x1.23: $123; the taxes shown as the airline asks them, $20). Basic fare. */
const domesticOffer = offer('off_dom', {
  passengers: [
    { id: 'pas_a', type: 'adult', age: null },
    { id: 'pas_b', type: 'adult', age: null },
  ],
  slices: [
    slice([{ from: 'JFK', to: 'LAX', departing: '2026-12-20T08:00', arriving: '2026-12-20T11:00' }], 'PT6H'),
    slice([{ from: 'LAX', to: 'JFK', departing: '2026-12-27T09:00', arriving: '2026-12-27T17:30' }], 'PT5H30M'),
  ],
});

export const domestic: FlightOffer = {
  ...domesticOffer,
  slices: domesticOffer.slices.map((each) => ({ ...each, fare_brand_name: 'Basic' })),
};

export const international = offer('off_int', {
  passenger_identity_documents_required: true,
  slices: [slice([{ from: 'JFK', to: 'LHR', departing: '2026-12-20T18:00', arriving: '2026-12-21T06:00' }], 'PT7H')],
});

const seat = (designator: string, price: string | null) => ({
  type: 'seat' as const,
  designator,
  available: price !== null,
  available_services:
    price === null
      ? []
      : ['pas_a', 'pas_b'].map((passenger_id) => ({
          id: `ase_${designator}_${passenger_id}`,
          passenger_id,
          total_amount: price,
          total_currency: 'USD',
        })),
});

/** The outbound flight's map: row 10 (A free, B $15, C taken | D $15), row 11 (A free, C free). */
export const outboundMap: SeatMapView = {
  id: 'sea_out',
  slice_id: domestic.slices[0]!.id,
  segment_id: domestic.slices[0]!.segments[0]!.id,
  cabins: [
    {
      cabin_class: 'economy',
      deck: 0,
      aisles: 1,
      wings: null,
      rows: [
        { number: null, sections: [{ elements: [{ type: 'galley' }] }] },
        {
          number: 10,
          sections: [
            { elements: [seat('10A', '0.00'), seat('10B', '15.00'), seat('10C', null)] },
            { elements: [seat('10D', '15.00')] },
          ],
        },
        {
          number: 11,
          sections: [{ elements: [seat('11A', '0.00'), seat('11C', '0.00')] }, { elements: [seat('11D', null)] }],
        },
      ],
    },
  ],
};

/** A valid offer that expires `minutes` from now. */
export const validOffer = (minutes = 25) =>
  [
    200,
    {
      valid: true,
      message: 'Offer is valid',
      error: null,
      offer_id: 'off',
      expires_at: new Date(Date.now() + minutes * 60_000).toISOString(),
      minutes_remaining: Math.floor(minutes),
    },
  ] as [number, unknown];

export const expiredOffer = [
  410,
  { valid: false, error: 'OFFER_EXPIRED', message: 'This flight offer has expired. Please select another flight.' },
] as [number, unknown];
