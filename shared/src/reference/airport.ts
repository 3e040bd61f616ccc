/** An airport as the product knows it (seed 000 §3), in Duffel's field names. */
export interface Airport {
  /** Duffel-style id, e.g. `arp_lhr_gb`. */
  id: string;
  iata_code: string;
  icao_code: string | null;
  name: string;
  city_name: string;
  /** ISO 3166-1 alpha-2. */
  country_code: string;
  latitude: number;
  longitude: number;
  /** IANA time zone, e.g. `Europe/London`. */
  time_zone: string;
}
