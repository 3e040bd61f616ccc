/**
 * An offer as the search pages list it (`POST` and `GET /api/flights/search`): the fields seed 000
 * §3 lists for an offer, slice and segment, and nothing else the storefront's results, filters,
 * sorts and deal cards do not read. About 40% of the full offer's bytes. The full offer
 * (`FlightOffer`, from `GET /api/flights/offer/:id`) has every field here and more, so code that
 * reads a `SearchOffer` takes either.
 */
export interface SearchOffer {
  id: string;
  expires_at: string;
  /** Decimal strings in the supplier's price; show them through `displayPrice`. */
  total_amount: string;
  total_currency: string;
  base_amount: string;
  base_currency: string;
  tax_amount: string | null;
  tax_currency: string | null;
  owner: SearchCarrier;
  slices: SearchSlice[];
  conditions: { refundable: boolean; changeable: boolean };
  /** Services for sale with the offer (bags); empty when the provider lists none with its offers. */
  available_services: SearchService[];
  passenger_identity_documents_required: boolean;
}

export interface SearchCarrier {
  name: string;
  iata_code: string | null;
  logo_url: string | null;
}

export interface SearchAirport {
  iata_code: string;
  name: string;
  city_name: string;
  country_code: string;
}

export interface SearchSlice {
  id: string;
  origin: SearchAirport;
  destination: SearchAirport;
  /** ISO 8601 duration, e.g. "PT7H5M". */
  duration: string | null;
  /** First departure and last arrival of the slice (local times). */
  departure_time: string;
  arrival_time: string;
  segments: SearchSegment[];
}

export interface SearchSegment {
  id: string;
  /** Local time at the airport, no offset: "2026-12-20T18:05:00". */
  departing_at: string;
  arriving_at: string;
  origin: SearchAirport;
  destination: SearchAirport;
  marketing_carrier: SearchCarrier;
  operating_carrier: SearchCarrier;
  /** The marketing airline with its ICAO code. */
  airline: { name: string; iata_code: string | null; icao_code: string | null; logo_url: string | null };
  /** Carrier code and number, as travellers read it: "BA 117". */
  flight_number: string;
  aircraft: { name: string } | null;
  duration: string | null;
  /** What comes with the seat (included bags), as short descriptions. */
  services: Array<{ type: string; description: string }>;
}

export interface SearchService {
  id: string;
  type: string;
  name: string;
  description: string;
  total_amount: string;
  total_currency: string;
}
