import type { FlightAirport, FlightCarrier, FlightOffer, FlightSegment, FlightSlice } from '../../flights/offer.js';

/** Small builders of engine-shaped offers for tests and the benchmark. */
export function airport(code: string, city = code): FlightAirport {
  return {
    id: `arp_${code.toLowerCase()}`,
    type: 'airport',
    iata_code: code,
    icao_code: null,
    name: `${city} Airport`,
    city_name: city,
    iata_city_code: code,
    iata_country_code: 'US',
    country_code: 'US',
    latitude: 0,
    longitude: 0,
    time_zone: 'UTC',
  };
}

export function carrier(code: string, name = `${code} Air`): FlightCarrier {
  return {
    id: `arl_${code.toLowerCase()}`,
    name,
    iata_code: code,
    logo_symbol_url: null,
    logo_lockup_url: null,
    conditions_of_carriage_url: null,
    logo_url: null,
  };
}

export interface LegSpec {
  from: string;
  to: string;
  /** Local "YYYY-MM-DDTHH:mm". */
  departing: string;
  arriving: string;
  carrier?: string;
  duration?: string | null;
}

export function segment(spec: LegSpec, index = 0): FlightSegment {
  const code = spec.carrier ?? 'AA';
  return {
    id: `seg_${spec.from}_${spec.to}_${index}`,
    origin: airport(spec.from),
    destination: airport(spec.to),
    origin_terminal: null,
    destination_terminal: null,
    departing_at: `${spec.departing}:00`,
    arriving_at: `${spec.arriving}:00`,
    duration: spec.duration === undefined ? 'PT2H' : spec.duration,
    distance: null,
    aircraft: { id: 'arc_1', name: 'Airbus A320', iata_code: '320' },
    marketing_carrier: carrier(code),
    marketing_carrier_flight_number: '100',
    operating_carrier: carrier(code),
    operating_carrier_flight_number: '100',
    stops: [],
    passengers: [],
    airline: { name: `${code} Air`, iata_code: code, icao_code: null, logo_url: null },
    flight_number: `${code} 100`,
    services: [],
  };
}

export function slice(legs: LegSpec[], duration: string | null = 'PT5H'): FlightSlice {
  const segments = legs.map((leg, index) => segment(leg, index));
  return {
    id: `sli_${legs[0]?.from}_${legs.at(-1)?.to}`,
    origin: airport(legs[0]?.from ?? 'JFK'),
    destination: airport(legs.at(-1)?.to ?? 'LHR'),
    origin_type: 'airport',
    destination_type: 'airport',
    duration,
    fare_brand_name: null,
    seat_selection: null,
    segments,
    departure_time: segments[0]?.departing_at ?? '',
    arrival_time: segments.at(-1)?.arriving_at ?? '',
  };
}

export function offer(id: string, overrides: Partial<FlightOffer> = {}): FlightOffer {
  return {
    id,
    created_at: '2026-11-22T12:00:00Z',
    expires_at: '2026-11-22T12:30:00Z',
    live_mode: false,
    total_amount: '100.00',
    total_currency: 'USD',
    base_amount: '80.00',
    base_currency: 'USD',
    tax_amount: '20.00',
    tax_currency: 'USD',
    total_emissions_kg: null,
    owner: carrier('AA', 'American Airlines'),
    passengers: [{ id: 'pas_1', type: 'adult', age: null }],
    slices: [slice([{ from: 'JFK', to: 'LAX', departing: '2026-12-20T08:00', arriving: '2026-12-20T11:00' }])],
    conditions: { refund_before_departure: null, change_before_departure: null, refundable: false, changeable: false },
    available_services: [],
    passenger_identity_documents_required: false,
    supported_passenger_identity_document_types: [],
    payment_requirements: {
      requires_instant_payment: false,
      payment_required_by: null,
      price_guarantee_expires_at: null,
    },
    ...overrides,
  };
}

/** A varied, deterministic list for the benchmark and load tests. */
export function manyOffers(count: number): FlightOffer[] {
  const carriers = ['AA', 'DL', 'UA', 'B6', 'BA', 'LH', 'ZZ'];
  return Array.from({ length: count }, (_, index) => {
    const hour = String(index % 24).padStart(2, '0');
    const legs: LegSpec[] =
      index % 3 === 0
        ? [
            {
              from: 'JFK',
              to: 'LHR',
              departing: `2026-12-20T${hour}:00`,
              arriving: `2026-12-21T${hour}:30`,
              carrier: carriers[index % 7],
            },
          ]
        : [
            {
              from: 'JFK',
              to: 'BOS',
              departing: `2026-12-20T${hour}:00`,
              arriving: `2026-12-20T${hour}:50`,
              carrier: carriers[index % 7],
            },
            {
              from: 'BOS',
              to: 'LHR',
              departing: `2026-12-20T${hour}:59`,
              arriving: `2026-12-21T06:00`,
              carrier: carriers[(index + 1) % 7],
            },
          ];
    const built = slice(legs, `PT${6 + (index % 10)}H${index % 60}M`);
    // Every fifth fare includes a checked bag; the others sell them (issue 35's price with my bags).
    const included = index % 5 === 0 ? [{ type: 'checked' as const, quantity: 1 }] : [];
    for (const each of built.segments) {
      each.passengers = [
        {
          passenger_id: 'pas_1',
          cabin_class: 'economy',
          cabin_class_marketing_name: 'Economy',
          fare_basis_code: null,
          baggages: [...included, { type: 'carry_on', quantity: 1 }],
        },
      ];
    }
    return offer(`off_${index}`, {
      total_amount: (200 + ((index * 37) % 900)).toFixed(2),
      total_emissions_kg: String(250 + ((index * 53) % 500)),
      slices: [built],
      conditions: {
        refund_before_departure: null,
        change_before_departure: null,
        refundable: index % 2 === 0,
        changeable: true,
      },
      available_services:
        index % 4 === 0
          ? []
          : [
              {
                id: `ase_${index}`,
                type: 'baggage',
                total_amount: (30 + (index % 4) * 15).toFixed(2),
                total_currency: 'USD',
                maximum_quantity: 2,
                passenger_ids: ['pas_1'],
                segment_ids: built.segments.map((each) => each.id),
                metadata: { type: 'checked', maximum_weight_kg: 23 },
                name: 'Checked bag',
                description: '1 checked bag',
              },
            ],
    });
  });
}
