import type { Airport } from '@contrail/shared/reference/airport';
import type { CityOption } from '@contrail/shared/search/city-options';
import { useEffect, useState } from 'react';

export interface AirportList {
  airports: readonly Airport[];
  /** The cities with several airports (issue 34): "New York (all airports)" under NYC. */
  cities: readonly CityOption<Airport>[];
}

export type AirportsState = { status: 'loading' } | ({ status: 'ready' } & AirportList) | { status: 'error' };

let cached: Promise<AirportList> | null = null;

/** The bundled airport list (seed 000 §3) and its cities, in their own chunk, loaded once on first use. */
export function loadAirports(): Promise<AirportList> {
  cached ??= Promise.all([
    import('@contrail/shared/reference/airports'),
    import('@contrail/shared/reference/nearby-airports'),
  ]).then(([list, near]) => ({ airports: list.airports, cities: near.cityAirports }));
  cached.catch(() => {
    cached = null;
  });
  return cached;
}

export function useAirports(enabled: boolean): AirportsState {
  const [state, setState] = useState<AirportsState>({ status: 'loading' });
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    loadAirports().then(
      (list) => current && setState({ status: 'ready', ...list }),
      () => current && setState({ status: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [enabled]);
  return state;
}
